import type { CellResult } from "@relix/core/result/result-schema";
import { cacheModeLabel } from "@/lib/format";

/** The cell's name, its workload id, and tags for its cache mode, placement, study and trials. */
export function CellHead({ cell, showPlacement }: { cell: CellResult; showPlacement: boolean }) {
  return (
    <div className="cell-head">
      <h3 style={{ fontSize: 16 }}>{cell.label}</h3>
      <code className="muted">{cell.workload}</code>
      {cell.cacheMode !== "none" ? <span className="tag">cache {cacheModeLabel(cell.cacheMode)}</span> : null}
      {showPlacement ? (
        <span className="tag" data-testid="cell-placement">
          {cell.placement ?? "loopback"}
        </span>
      ) : null}
      <span className="tag">study {cell.study}</span>
      <span className="muted small">
        {cell.trials.length} trial{cell.trials.length === 1 ? "" : "s"}
      </span>
    </div>
  );
}
