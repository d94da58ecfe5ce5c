import type { CellResult, RunResult } from "@relix/core/result/result-schema";
import { cellAnchor, cellKey } from "@/lib/report/report-rows";
import { CallerCostsBlock } from "./CallerCostsBlock";
import { CellHead } from "./CellHead";
import { CellKeyFigures } from "./CellKeyFigures";
import { CellVerdicts } from "./CellVerdicts";
import { ClientViewsBlock } from "./ClientViewsBlock";
import { LatencyCurveCard } from "./LatencyCurveCard";
import { LatencyPercentilesCard } from "./LatencyPercentilesCard";
import { PayloadCard } from "./PayloadCard";
import { ThroughputTimelineCard } from "./ThroughputTimelineCard";

/** One workload in one cache mode: its verdict, its numbers and its four charts. */
export function CellSection({
  cell,
  spec,
  showPlacement = false,
  callerCosts,
}: {
  cell: CellResult;
  /** The run's spec: which load the cell's figures were read at. */
  spec: RunResult["spec"];
  showPlacement?: boolean;
  /** The run's caller costs (result.callerCosts): this cell's workload's are shown beside it. */
  callerCosts?: RunResult["callerCosts"];
}) {
  return (
    <section className="cell-section card card-pad" id={cellAnchor(cell)} data-testid="cell" data-cell={cellKey(cell)}>
      <CellHead cell={cell} showPlacement={showPlacement} />
      <CellVerdicts cell={cell} spec={spec} />
      <ClientViewsBlock cell={cell} />
      <CallerCostsBlock record={callerCosts} workload={cell.workload} />
      <div className="grid-2">
        <LatencyPercentilesCard cell={cell} />
        <LatencyCurveCard cell={cell} />
        <PayloadCard cell={cell} />
        <ThroughputTimelineCard cell={cell} />
      </div>
      <CellKeyFigures cell={cell} />
    </section>
  );
}
