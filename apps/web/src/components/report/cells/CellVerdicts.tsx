import {
  cellQuestionFigures,
  ownLoadOf,
  ownLoadText,
  underSaturation,
} from "@relix/core/render/answer/question-figures";
import type { CellResult, Comparison, RunResult } from "@relix/core/result/result-schema";
import { Winner } from "@/components/ui/Proto";
import { formatPercent } from "@/lib/format";

/** The comparisons of one load, each sentence coloured by its winner, one after another. */
function Sentences({ comparisons }: { comparisons: readonly Comparison[] }) {
  return (
    <>
      {comparisons.map((c, i) => (
        <span key={c.metric}>
          {i > 0 ? "; " : ""}
          <Winner winner={c.winner}>{c.text}</Winner>
        </span>
      ))}
    </>
  );
}

/**
 * A cell that asked the two headline questions: both answers in one sentence (its verdict), then
 * each answer's own sentences with their intervals, then its own load's comparisons, labelled by
 * that load so a p50 under saturation is not read as latency alone.
 */
function QuestionVerdicts({ cell, spec }: { cell: CellResult; spec: RunResult["spec"] }) {
  const questions = cell.questions!;
  const figures = cellQuestionFigures(cell, spec)!;
  const load = ownLoadOf(cell, spec);
  const latency = [questions.latency.p50, questions.latency.p99].filter((c) => c !== undefined);
  const capacity = questions.capacity.comparison;
  // Capacity is read at the own load and said above; so are p50 and p99 where no light load was measured.
  const own = cell.comparisons.filter((c) => c.metric !== "capacity" && (cell.lightLoad || c.metric === "rps"));
  const { rest, grpc } = questions.capacity;
  return (
    <ul style={{ margin: "0 0 14px", paddingLeft: 18 }}>
      <li className="verdict-line" data-testid="verdict">
        {cell.verdict}
      </li>
      <li data-testid="verdict-latency">
        <span className="muted">Latency ({figures.latencyWhere}):</span>{" "}
        {latency.length > 0 ? <Sentences comparisons={latency} /> : "no figure"}
      </li>
      <li data-testid="verdict-capacity">
        <span className="muted">Capacity per core at {ownLoadText(load)}:</span>{" "}
        {capacity ? <Winner winner={figures.capacity.winner}>{capacity.text}</Winner> : "no CPU figure"}
        {questions.capacity.saturated ? null : (
          <span className="muted">
            {" "}
            · not saturated: REST busy {formatPercent(rest.coreShare)} of a core, gRPC {formatPercent(grpc.coreShare)}
          </span>
        )}
      </li>
      {own.length > 0 ? (
        <li className="muted small">
          At {ownLoadText(load)}
          {underSaturation(load) ? ", under saturation" : ""}: <Sentences comparisons={own} />
        </li>
      ) : null}
    </ul>
  );
}

/**
 * One line per compared metric, the p50 line marked as the cell's verdict; the verdict alone when
 * nothing was compared. A cell with the two headline questions leads with them (QuestionVerdicts).
 */
export function CellVerdicts({ cell, spec }: { cell: CellResult; spec: RunResult["spec"] }) {
  if (cell.questions) return <QuestionVerdicts cell={cell} spec={spec} />;
  return (
    <ul style={{ margin: "0 0 14px", paddingLeft: 18 }}>
      {cell.comparisons.map((c) => (
        <li
          key={c.metric}
          className={c.metric === "p50" ? "verdict-line" : undefined}
          data-testid={c.metric === "p50" ? "verdict" : undefined}
        >
          <Winner winner={c.winner}>{c.text}</Winner>
        </li>
      ))}
      {cell.comparisons.length === 0 ? (
        <li className="verdict-line" data-testid="verdict">
          {cell.verdict}
        </li>
      ) : null}
    </ul>
  );
}
