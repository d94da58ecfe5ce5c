import { formatSpeedupCI } from "@relix/core/render/format";
import { hasPlacements } from "@relix/core/render/answer/placements";
import { cellQuestionFigures } from "@relix/core/render/answer/question-figures";
import type { CellResult, RunResult } from "@relix/core/result/result-schema";
import { noWinnerWords } from "@relix/core/render/verdicts/verdict-text";
import { cellKey, cellTitle } from "@/lib/report/report-rows";
import { CellSection } from "./CellSection";

/**
 * A run of more cells than this shows every cell folded, its verdict on the fold: a sweep's
 * dozen points, each four charts tall, would bury everything after them (the answer and the
 * sweep's map already say what they add up to).
 */
const OPEN_CELLS = 4;

/**
 * A fold's one line: both headline figures with their intervals, or (a result written before) the
 * p50 speedup with its interval and who won; the full sentences are in the open section. A cell
 * measured both ways says its figure is one client's.
 */
const foldVerdict = (cell: CellResult, spec: RunResult["spec"]): string => {
  // Both headline figures, where the cell asked them: latency and capacity, each with its interval.
  const figures = cellQuestionFigures(cell, spec);
  if (figures) {
    const { latency, capacity } = figures;
    return `latency (${figures.latencyWhere}) ${latency.words} ${latency.interval} · capacity ${capacity.words} ${capacity.interval} · ${figures.client}`;
  }
  const p50 = cell.comparisons.find((c) => c.metric === "p50");
  if (!p50) return cell.verdict;
  const winner = p50.winner === "grpc" ? "gRPC faster" : p50.winner === "rest" ? "REST faster" : noWinnerWords(p50.ci);
  const client = cell.toolClients ? ` · ${cell.rest.generator.tool} on both sides` : "";
  return `p50 speedup ${formatSpeedupCI(p50.ci)} · ${winner}${client}`;
};

/** One section per workload, cache mode and placement. */
export function CellsSection({ result }: { result: RunResult }) {
  // Every cell names its placement once the run has more than loopback; a loopback-only run reads as before.
  const placed = hasPlacements(result);
  const folded = result.cells.length > OPEN_CELLS;
  return (
    <section className="section">
      <h2>Per workload</h2>
      {result.cells.map((cell) =>
        !folded ? (
          <CellSection
            key={cellKey(cell)}
            cell={cell}
            spec={result.spec}
            showPlacement={placed}
            callerCosts={result.callerCosts}
          />
        ) : (
          <details key={cellKey(cell)} className="card card-pad cell-section advanced">
            <summary>
              {cellTitle(cell)} <span className="muted small">{foldVerdict(cell, result.spec)}</span>
            </summary>
            <CellSection cell={cell} spec={result.spec} showPlacement={placed} callerCosts={result.callerCosts} />
          </details>
        ),
      )}
    </section>
  );
}
