import type { Answer } from "@relix/core/render/answer";
import type { FindingGroup } from "@relix/core/findings/finding-groups";
import type { RunResult } from "@relix/core/result/result-schema";
import { AnswerPicture, pictureMaxHeight } from "./AnswerPicture";
import { SavePicture } from "./SavePicture";

/**
 * The first screen of a report: the question the run asked, the verdict in a sentence per
 * question, the picture that shows it, why (when the run walked the layers), and how many
 * findings could change those verdicts, linked to them. Refusals are said here too: what was not
 * measured is part of the answer.
 */
export function AnswerSection({
  result,
  answer,
  refusals,
}: {
  result: RunResult;
  answer: Answer;
  refusals: readonly FindingGroup[];
}) {
  return (
    <section className="card card-pad section answer" style={{ marginTop: 0 }} data-testid="answer" id="answer">
      <div className="muted small" data-testid="answer-question">
        {answer.question}
      </div>
      <ul className="answer-verdicts" data-testid="answer-verdicts">
        {answer.headlines.map((line) => (
          <li key={line} className="verdict-line">
            {line}
          </li>
        ))}
        {answer.more > 0 ? (
          <li className="muted small">
            and {answer.more} more in the <a href="#verdicts">verdicts below</a>
          </li>
        ) : null}
      </ul>
      {answer.why ? (
        <p className="small" style={{ margin: "4px 0 0" }} data-testid="answer-why">
          <span className="muted">Why:</span> {answer.why}
        </p>
      ) : null}
      {refusals.map((group) => (
        <div key={group.anchor} className="banner banner-warn" data-testid="refusal" style={{ marginTop: 8 }}>
          {group.paragraph}
        </div>
      ))}
      <div style={{ marginTop: 10 }}>
        <SavePicture fileName={`relix-${result.id}-${answer.picture}`}>
          <AnswerPicture
            result={result}
            kind={answer.picture}
            maxHeight={pictureMaxHeight([...answer.headlines, ...(answer.why ? [answer.why] : [])])}
          />
        </SavePicture>
      </div>
      <p className="small" style={{ margin: "8px 0 0" }} data-testid="answer-trust">
        <span className="muted">Trust:</span>{" "}
        {answer.caveats.length > 0 ? <a href="#findings">{answer.trust}</a> : answer.trust}
      </p>
    </section>
  );
}
