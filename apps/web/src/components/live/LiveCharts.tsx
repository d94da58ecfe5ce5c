import { useMemo } from "react";
import { cacheModeLabel } from "@/lib/format";
import { liveChartRows, warmupRange } from "@/lib/live/live-chart-rows";
import type { LiveGroup } from "@/lib/live/live-state";
import { CellTabs } from "./CellTabs";
import { LiveChartCards } from "./LiveChartCards";

function groupName(
  group: Pick<LiveGroup, "workload" | "cacheMode" | "placement" | "stack" | "point" | "trial" | "trials">,
  labels: Record<string, string>,
) {
  const cache = group.cacheMode === "none" ? "" : ` · ${cacheModeLabel(group.cacheMode)}`;
  const placement = group.placement ? ` · ${group.placement}` : "";
  const stack = group.stack ? ` · ${group.stack}` : "";
  const point = group.point ? ` · ${group.point}` : "";
  return `${labels[group.workload] ?? group.workload}${cache}${placement}${stack}${point} · trial ${group.trial}/${group.trials}`;
}

/**
 * Both protocols of one cell, second by second: the cell being measured, or the one picked in the
 * tabs (`onPick(null)` follows the current cell again).
 */
export function LiveCharts({
  group,
  groups,
  currentKey,
  labels,
  cellSeconds,
  onPick,
}: {
  group: LiveGroup | null;
  groups: readonly LiveGroup[];
  /** The key of the cell being measured. */
  currentKey: string | null;
  labels: Record<string, string>;
  cellSeconds: number | null;
  onPick: (key: string | null) => void;
}) {
  const rows = useMemo(() => liveChartRows(group), [group]);
  const warmup = useMemo(() => warmupRange(group), [group]);
  return (
    <section className="section">
      <div className="row" style={{ marginBottom: 10 }}>
        <h2>{group ? groupName(group, labels) : "Live samples"}</h2>
        <span className="spacer" />
        {groups.length > 1 ? (
          <CellTabs groups={groups} shownKey={group?.key} currentKey={currentKey} labels={labels} onPick={onPick} />
        ) : null}
      </div>
      <LiveChartCards rows={rows} warmup={warmup} cellSeconds={cellSeconds} />
      <p className="muted small" style={{ marginTop: 8 }}>
        Live samples come from the servers&apos; own instrumentation, the same source for both protocols. The report
        uses every request&apos;s client-side latency instead.
        {warmup ? " Shaded: warm-up, discarded from the result." : ""}
      </p>
    </section>
  );
}
