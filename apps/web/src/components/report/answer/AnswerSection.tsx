import { whyPlainOf, type Answer } from "@relix/core/render/answer/answer";
import { comparisonRow } from "@relix/core/render/verdicts/comparison-row";
import { Winner } from "@/components/ui/Proto";
import type { FindingGroup } from "@relix/core/render/findings/finding-groups";
import { resultHasQuestions } from "@relix/core/render/answer/question-figures";
import type { CellResult, RunResult } from "@relix/core/result/result-schema";
import { AnswerPicture, pictureMaxHeight } from "./AnswerPicture";
import { QuestionFiguresTable } from "./QuestionFiguresTable";
import { SavePicture } from "./SavePicture";

/** A result written before the two headline questions: each cell's p50 verdict, as it read then. */
function VerdictTable({ cells }: { cells: readonly CellResult[] }) {
  return (
    <table className="answer-verdicts" data-testid="answer-verdicts">
      <tbody>
        {cells.map((cell) => {
          const row = comparisonRow(cell);
          return (
            <tr key={`${cell.label}|${cell.placement ?? ""}`} className="verdict-line" title={row.sentence}>
              <td>{cell.label}</td>
              <td>
                <Winner winner={row.winner}>{row.words}</Winner>
              </td>
              <td className="muted">{row.interval}</td>
              <td className="muted small">{row.client}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * Each cell's verdict as figures: latency and capacity side by side where the run asked both
 * (QuestionFiguresTable), else the faster side at p50 and its factor; coloured by winner, with the
 * interval and the client that measured it, one row a cell; the sentence is one hover away (and
 * folded below). A sweep's or a placement run's answer is about where the verdict changes: its
 * sentences say that, so they stay.
 */
function VerdictFigures({ result, answer }: { result: RunResult; answer: Answer }) {
  const cells = result.cells.slice(0, answer.headlines.length);
  return (
    <>
      {resultHasQuestions(result) ? (
        <QuestionFiguresTable result={result} answer={answer} />
      ) : (
        <VerdictTable cells={cells} />
      )}
      {answer.more > 0 ? (
        <div className="muted small">
          and {answer.more} more in the <a href="#verdicts">verdicts below</a>
        </div>
      ) : null}
      <details className="small" data-testid="answer-sentences" style={{ marginTop: 4 }}>
        <summary className="muted">In words</summary>
        <ul>
          {answer.headlines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </details>
    </>
  );
}

/**
 * The first screen of a report: the question the run asked, the verdicts (as figures, or a
 * sentence per question for a sweep or placements), the picture that shows it, why (when the run
 * walked the layers) in plain words, and how many findings could change those verdicts, linked to
 * them. Refusals are said here too: what was not measured is part of the answer.
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
      {answer.picture === "speedup" || answer.picture === "stacks" ? (
        <VerdictFigures result={result} answer={answer} />
      ) : (
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
      )}
      {answer.why ? (
        <p className="small" style={{ margin: "4px 0 0" }} data-testid="answer-why" title={answer.why}>
          <span className="muted">Why:</span> {whyPlainOf(result) ?? answer.why}
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
