import { hasPlacements } from "@relix/core/render/placements";
import type { RunResult } from "@relix/core/result/result-schema";
import { cellKey, cellTitle } from "@/lib/report/report-rows";
import { CellSection } from "./CellSection";

/** Cells beyond this many start collapsed, so a 40-workload run still opens quickly. */
const OPEN_CELLS = 8;

/** One section per workload, cache mode and placement. */
export function CellsSection({ result }: { result: RunResult }) {
  // Every cell names its placement once the run has more than loopback; a loopback-only run reads as before.
  const placed = hasPlacements(result);
  return (
    <section className="section">
      <h2>Per workload</h2>
      {result.cells.map((cell, i) =>
        i < OPEN_CELLS ? (
          <CellSection key={cellKey(cell)} cell={cell} showPlacement={placed} />
        ) : (
          <details key={cellKey(cell)} className="card card-pad cell-section advanced">
            <summary>
              {cellTitle(cell)} <span className="muted small">{cell.verdict}</span>
            </summary>
            <CellSection cell={cell} showPlacement={placed} />
          </details>
        ),
      )}
    </section>
  );
}
