import { hasPlacements } from "@relix/core/render/placements";
import type { CellResult, RunResult } from "@relix/core/result/result-schema";
import { cellKey, cellTitle } from "@/lib/report/report-rows";
import { CellSection } from "./CellSection";

/**
 * A run of more cells than this shows every cell folded, its verdict on the fold: a sweep's
 * dozen points, each four charts tall, would bury everything after them (the answer and the
 * sweep's map already say what they add up to).
 */
const OPEN_CELLS = 4;

/**
 * The p50 sentence on a fold, short: a cell measured both ways says it is one client's figure
 * (the tools' figure is in the open section).
 */
const foldVerdict = (cell: CellResult): string => {
  const p50 = cell.comparisons.find((c) => c.metric === "p50")?.text ?? cell.verdict;
  return cell.toolClients ? `${p50} (one client for both, ${cell.rest.generator.tool})` : p50;
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
          <CellSection key={cellKey(cell)} cell={cell} showPlacement={placed} callerCosts={result.callerCosts} />
        ) : (
          <details key={cellKey(cell)} className="card card-pad cell-section advanced">
            <summary>
              {cellTitle(cell)} <span className="muted small">{foldVerdict(cell)}</span>
            </summary>
            <CellSection cell={cell} showPlacement={placed} callerCosts={result.callerCosts} />
          </details>
        ),
      )}
    </section>
  );
}
