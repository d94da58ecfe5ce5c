import { useMemo } from "react";
import { ChartCard } from "@/components/charts/ChartCard";
import { latencyLines, protocolLines } from "@/components/charts/legend";
import { TimelineChart } from "@/components/charts/TimelineChart";
import { cacheModeLabel } from "@/lib/format";
import { liveChartRows, warmupRange } from "@/lib/live/live-chart-rows";
import type { LiveGroup } from "@/lib/live/live-state";
import { PROTOCOL_COLOR } from "@/lib/protocol-style";
import { LiveTable } from "./LiveTable";

const THROUGHPUT_SERIES = [
  { key: "restRps", label: "REST", color: PROTOCOL_COLOR.rest },
  { key: "grpcRps", label: "gRPC", color: PROTOCOL_COLOR.grpc },
];
const LATENCY_SERIES = [
  { key: "restP50", label: "REST p50", color: PROTOCOL_COLOR.rest },
  { key: "restP99", label: "REST p99", color: PROTOCOL_COLOR.rest, dashed: true },
  { key: "grpcP50", label: "gRPC p50", color: PROTOCOL_COLOR.grpc },
  { key: "grpcP99", label: "gRPC p99", color: PROTOCOL_COLOR.grpc, dashed: true },
];

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
          <div className="group-tabs" role="group" aria-label="Cell shown">
            {groups.map((g) => (
              <button
                key={g.key}
                type="button"
                aria-pressed={g.key === group?.key}
                onClick={() => onPick(g.key === currentKey ? null : g.key)}
              >
                {labels[g.workload] ?? g.workload}
                {g.cacheMode === "none" ? "" : ` · ${g.cacheMode}`}
                {g.placement ? ` · ${g.placement}` : ""}
                {g.stack ? ` · ${g.stack}` : ""}
                {g.point ? ` · ${g.point}` : ""} · t{g.trial}
              </button>
            ))}
          </div>
        ) : null}
      </div>
      <div className="grid-2">
        <ChartCard
          testId="live-throughput"
          title="Throughput per second"
          subtitle="Server-observed requests completed each second, req/s · REST and gRPC of this cell on the same axes"
          legend={protocolLines}
          chart={
            <TimelineChart
              rows={rows}
              series={THROUGHPUT_SERIES}
              format="rps"
              yLabel="req/s"
              warmup={warmup}
              maxX={cellSeconds ?? undefined}
            />
          }
          table={<LiveTable rows={rows} kind="rps" />}
        />
        <ChartCard
          testId="live-latency"
          title="Latency p50 and p99 per second"
          subtitle="Server-observed time per request in each second, ms (lower is better)"
          legend={latencyLines}
          chart={
            <TimelineChart
              rows={rows}
              series={LATENCY_SERIES}
              format="ms"
              yLabel="ms"
              warmup={warmup}
              maxX={cellSeconds ?? undefined}
            />
          }
          table={<LiveTable rows={rows} kind="latency" />}
        />
      </div>
      <p className="muted small" style={{ marginTop: 8 }}>
        Live samples come from the servers&apos; own instrumentation, the same source for both protocols. The report
        uses every request&apos;s client-side latency instead.
        {warmup ? " Shaded: warm-up, discarded from the result." : ""}
      </p>
    </section>
  );
}
