import { ChartCard } from "@/components/charts/ChartCard";
import { DataTable } from "@/components/charts/DataTable";
import { RttSpeedupChart } from "@/components/charts/RttSpeedupChart";
import { Winner } from "@/components/ui/Proto";
import { formatMs, formatRatio } from "@/lib/format";
import type { RttSeries } from "@/lib/report/placement-rows";

const legend = [
  { label: "p50 speedup (> 1: gRPC faster)", color: "#2563eb", kind: "line" as const },
  { label: "95% CI", color: "#0f172a", kind: "dash" as const },
];

/** One workload's speedup at each placement, against the round trip measured there. */
export function RttSpeedupCard({ series }: { series: RttSeries }) {
  return (
    <ChartCard
      testId="rtt-chart"
      title={`${series.title}: speedup against RTT`}
      subtitle="REST p50 / gRPC p50 at each placement's measured round-trip time, × (> 1: gRPC faster) · RTT in ms"
      legend={legend}
      chart={<RttSpeedupChart points={series.points} />}
      table={
        <DataTable
          columns={[
            { label: "Placement" },
            { label: "RTT, ms", align: "right" },
            { label: "Speedup", align: "right" },
            { label: "95% CI", align: "right" },
            { label: "Verdict" },
          ]}
          rows={series.points.map((p) => [
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
  );
}
