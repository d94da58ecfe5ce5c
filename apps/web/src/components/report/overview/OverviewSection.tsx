import type { RunResult } from "@relix/core/result/result-schema";
import { BarPairChart } from "@/components/charts/BarPairChart";
import { ChartCard } from "@/components/charts/ChartCard";
import { DataTable } from "@/components/charts/DataTable";
import { protocolBoxes } from "@/components/charts/legend";
import { SpeedupChart } from "@/components/charts/SpeedupChart";
import { formatCount, formatRatio } from "@/lib/format";
import { speedupRows, throughputRows } from "@/lib/report/report-rows";
import { rowsHeight } from "../report-layout";

const speedupLegend = [
  { label: "gRPC better (CI above 1)", color: "#2563eb", kind: "box" as const },
  { label: "REST better (CI below 1)", color: "#d97706", kind: "box" as const },
  {
    label: "no winner named (no significant difference, or not enough to tell)",
    color: "#94a3b8",
    kind: "box" as const,
  },
];

/** Every cell side by side: the p50 speedup with its interval, and throughput. */
export function OverviewSection({ result }: { result: RunResult }) {
  const p50 = speedupRows(result.cells, "p50");
  const throughput = throughputRows(result.cells);
  return (
    <section className="section">
      <h2>Overview</h2>
      <div className="grid-2" style={{ marginTop: 12 }}>
        <ChartCard
          title="gRPC speedup at p50, with 95% CI"
          subtitle="REST p50 / gRPC p50 per cell, × (> 1: gRPC faster)"
          legend={speedupLegend}
          height={rowsHeight(p50.length, 1)}
          chart={
            <SpeedupChart
              rows={p50.map((r) => ({
                cell: r.cell,
                speedup: r.speedup,
                error: r.error,
                winner: r.winner,
                text: r.text,
              }))}
              metricLabel="p50"
            />
          }
          table={
            <DataTable
              columns={[
                { label: "Cell" },
                { label: "Speedup", align: "right" },
                { label: "95% CI", align: "right" },
                { label: "Verdict" },
              ]}
              rows={p50.map((r) => [
                r.cell,
                formatRatio(r.speedup),
                r.degenerate ? "1 trial" : `${r.low.toFixed(2)}–${r.high.toFixed(2)}`,
                r.text,
              ])}
            />
          }
        />
        <ChartCard
          title="Throughput"
          subtitle="Successful responses per second of the measured window, req/s · median of trials (higher is better)"
          legend={protocolBoxes}
          height={rowsHeight(throughput.length, 2)}
          chart={
            <BarPairChart
              rows={throughput.map((r) => ({ category: r.cell, rest: r.rest, grpc: r.grpc }))}
              format="rps"
              yLabel="req/s"
              horizontal
            />
          }
          table={
            <DataTable
              columns={[
                { label: "Cell" },
                { label: "REST req/s", align: "right" },
                { label: "gRPC req/s", align: "right" },
                { label: "gRPC / REST", align: "right" },
              ]}
              rows={throughput.map((r) => [
                r.cell,
                formatCount(r.rest, 1),
                formatCount(r.grpc, 1),
                r.rest && r.grpc ? formatRatio(r.grpc / r.rest) : "–",
              ])}
            />
          }
        />
      </div>
    </section>
  );
}
