import type { Answer } from "@relix/core/render/answer/answer";
import { cellQuestionFigures, questionsAsked, type QuestionFigure } from "@relix/core/render/answer/question-figures";
import { comparisonRow } from "@relix/core/render/verdicts/comparison-row";
import type { CellResult, RunResult } from "@relix/core/result/result-schema";
import { Winner } from "@/components/ui/Proto";

/** The column heads name the questions quietly: the figures under them are what a reader looks for. */
const HEAD = { fontWeight: 500, textAlign: "left", padding: "0 18px 2px 0" } as const;

/** "REST 1.65x sooner [1.40-1.90]": the words coloured by the side they name, the interval quiet, the sentence on hover. */
function Figure({ figure }: { figure: Pick<QuestionFigure, "words" | "winner" | "interval" | "sentence"> }) {
  return (
    <td title={figure.sentence || undefined} data-testid="question-figure">
      <Winner winner={figure.winner}>{figure.words}</Winner>{" "}
      <span className="muted small" style={{ fontWeight: 400 }}>
        {figure.interval}
      </span>
    </td>
  );
}

/** One cell's row: its two figures side by side; a cell without questions keeps its p50 verdict under latency. */
function CellRow({ cell, result }: { cell: CellResult; result: RunResult }) {
  const figures = cellQuestionFigures(cell, result.spec);
  const row = comparisonRow(cell);
  return (
    <tr className="verdict-line" title={cell.verdict}>
      <td>{cell.label}</td>
      {figures ? (
        <>
          <Figure figure={figures.latency} />
          <Figure figure={figures.capacity} />
        </>
      ) : (
        <>
          <Figure figure={row} />
          <td className="muted">–</td>
        </>
      )}
      <td className="muted small" style={{ fontWeight: 400 }}>
        {figures?.client ?? row.client}
      </td>
    </tr>
  );
}

/**
 * The first screen's figures for a run that asked both headline questions: a column each, headed
 * by the question it answers (latency where the server was not queueing, capacity per server core
 * at the cell's own load), one row a cell, with the client that measured it.
 */
export function QuestionFiguresTable({ result, answer }: { result: RunResult; answer: Answer }) {
  const asked = questionsAsked(result);
  const cells = result.cells.slice(0, answer.headlines.length);
  return (
    <table className="answer-verdicts" data-testid="answer-verdicts">
      <thead>
        <tr className="muted small">
          <th style={HEAD} />
          <th style={HEAD} data-testid="question-latency">
            Latency · {asked?.latency}
          </th>
          <th style={HEAD} data-testid="question-capacity">
            Capacity · {asked?.capacity}
          </th>
          <th style={HEAD}>Client</th>
        </tr>
      </thead>
      <tbody>
        {cells.map((cell) => (
          <CellRow key={`${cell.label}|${cell.placement ?? ""}`} cell={cell} result={result} />
        ))}
      </tbody>
    </table>
  );
}
