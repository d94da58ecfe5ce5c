import {
  describeEmulatorOverhead,
  placementGroups,
  placementVerdicts,
  type PlacementGroup,
} from "@relix/core/render/placements";
import type { RunResult } from "@relix/core/result/result-schema";
import { ChartCard } from "@/components/charts/ChartCard";
import { DataTable } from "@/components/charts/DataTable";
import { RttSpeedupChart } from "@/components/charts/RttSpeedupChart";
import { Winner } from "@/components/ui/Proto";
import { formatMs, formatRatio } from "@/lib/format";
import { rttSpeedupSeries } from "@/lib/report/placement-rows";

const legend = [
  { label: "p50 speedup (> 1: gRPC faster)", color: "#2563eb", kind: "line" as const },
  { label: "95% CI", color: "#0f172a", kind: "dash" as const },
];

function status(group: PlacementGroup) {
  const record = group.record;
  if (!record) return "no record";
  if (record.status === "measured") return "measured";
  return (
    <span className="error-text" data-testid="placement-refused">
      refused: {record.reason ?? "no reason recorded"}
    </span>
  );
}

/**
 * A run measured under several network placements: each placement's target and measured RTT (or
 * why it was refused), the verdict in words per workload, and per workload the speedup against
 * the RTT. Absent for a run on loopback alone.
 */
export function PlacementsSection({ result }: { result: RunResult }) {
  const groups = placementGroups(result);
  if (groups.length === 0) return null;
  const verdicts = placementVerdicts(result);
  const series = rttSpeedupSeries(result);
  const overhead = describeEmulatorOverhead(result.emulatorOverhead, result.placements);
  return (
    <section className="section" data-testid="placements">
      <h2>Network placements</h2>
      <div className="table-wrap card" style={{ marginTop: 12 }}>
        <DataTable
          caption="Each placement: target and measured round-trip time"
          columns={[
            { label: "Placement" },
            { label: "Target RTT", align: "right" },
            { label: "Measured RTT", align: "right" },
            { label: "Jitter / bandwidth" },
            { label: "Emulator" },
            { label: "Status" },
          ]}
          rows={groups.map((group) => [
            <strong key="name">{group.name}</strong>,
            group.record ? formatMs(group.record.targetRttMs) : "–",
            group.record ? formatMs(group.record.measuredRttMs) : "–",
            group.record
              ? [
                  group.record.jitterMs > 0 ? `± ${formatMs(group.record.jitterMs)}` : null,
                  group.record.bandwidthMbps !== null ? `${group.record.bandwidthMbps} Mbit/s` : null,
                ]
                  .filter(Boolean)
                  .join(" · ") || "–"
              : "–",
            group.record?.emulator ?? "–",
            status(group),
          ])}
        />
      </div>
      <ul className="small" style={{ marginTop: 12 }} data-testid="placement-verdicts">
        {verdicts.map((v) => (
          <li key={`${v.workload}|${v.cacheMode}`}>{v.text}</li>
        ))}
      </ul>
      {overhead.map((line) => (
        <p key={line} className="muted small" data-testid="emulator-overhead">
          {line}
        </p>
      ))}
      <div className="grid-2" style={{ marginTop: 12 }}>
        {series.map((s) => (
          <ChartCard
            key={s.key}
            testId="rtt-chart"
            title={`${s.title}: speedup against RTT`}
            subtitle="REST p50 / gRPC p50 at each placement's measured round-trip time, × (> 1: gRPC faster) · RTT in ms"
            legend={legend}
            chart={<RttSpeedupChart points={s.points} />}
            table={
              <DataTable
                columns={[
                  { label: "Placement" },
                  { label: "RTT, ms", align: "right" },
                  { label: "Speedup", align: "right" },
                  { label: "95% CI", align: "right" },
                  { label: "Verdict" },
                ]}
                rows={s.points.map((p) => [
                  p.placement,
                  formatMs(p.rttMs),
                  formatRatio(p.speedup),
                  p.degenerate ? "1 trial" : `${p.low.toFixed(2)}–${p.high.toFixed(2)}`,
                  <Winner key="v" winner={p.winner}>
                    {p.text}
                  </Winner>,
                ])}
              />
            }
          />
        ))}
      </div>
    </section>
  );
}
