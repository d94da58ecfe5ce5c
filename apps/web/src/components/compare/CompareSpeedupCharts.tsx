import type { Comparison } from "@relix/core/result/result-schema";
import { ChartCard } from "@/components/charts/ChartCard";
import { CompareSpeedupChart } from "@/components/charts/CompareSpeedupChart";
import { DataTable } from "@/components/charts/DataTable";
import { compareSpeedupRows, type CompareCell } from "@/lib/compare/compare-rows";
import { runColor } from "@/lib/run-colors";

type Props = { cells: readonly CompareCell[]; runNames: string[] };

const METRICS = ["p50", "rps"] as const;

/** gRPC's speedup at p50 and at throughput, each cell with one bar per run. */
export function CompareSpeedupCharts({ cells, runNames }: Props) {
  return (
    <section className="section grid-2">
      {METRICS.map((metric) => (
        <CompareSpeedupCard key={metric} metric={metric} cells={cells} runNames={runNames} />
      ))}
    </section>
  );
}

function CompareSpeedupCard({ metric, cells, runNames }: Props & { metric: (typeof METRICS)[number] }) {
  const rows = compareSpeedupRows(cells, metric);
  const label = metric === "rps" ? "throughput" : metric;
  return (
    <ChartCard
      testId={`compare-${metric}`}
      title={`gRPC speedup at ${label}, by run`}
      subtitle={
        metric === "rps"
          ? "gRPC req/s ÷ REST req/s per cell, × with 95% CI"
          : "REST p50 ÷ gRPC p50 per cell, × with 95% CI"
      }
      legend={runNames.map((name, i) => ({ label: name, color: runColor(i), kind: "box" as const }))}
      height={Math.max(260, 60 + cells.length * (14 * runNames.length + 14))}
      chart={<CompareSpeedupChart rows={rows} runs={runNames} metricLabel={label} />}
      table={
        <DataTable
          columns={[{ label: "Cell" }, ...runNames.map((n) => ({ label: n, align: "right" as const }))]}
          rows={cells.map((cell) => [cell.title, ...cell.runs.map((c) => speedupText(c, metric))])}
        />
      }
    />
  );
}

/** A run's speedup in a cell with its 95% CI, as the chart's table lists it; a dash where it has none. */
function speedupText(cell: CompareCell["runs"][number], metric: Comparison["metric"]): string {
  const comparison = cell?.comparisons.find((x) => x.metric === metric);
  return comparison
    ? `${comparison.ci.estimate.toFixed(2)}x [${comparison.ci.low.toFixed(2)}–${comparison.ci.high.toFixed(2)}]`
    : "–";
}
