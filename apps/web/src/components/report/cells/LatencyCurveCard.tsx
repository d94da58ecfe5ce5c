import type { CellResult } from "@relix/core/result/result-schema";
import { ChartCard } from "@/components/charts/ChartCard";
import { DataTable } from "@/components/charts/DataTable";
import { protocolLines } from "@/components/charts/legend";
import { PercentileCurveChart } from "@/components/charts/PercentileCurveChart";
import { formatMsNumber } from "@/lib/format";
import { histogramCurve, type CurvePoint } from "@/lib/report/percentile-curve-points";

function curveTable(rest: CurvePoint[] | null, grpc: CurvePoint[] | null) {
  const levels = [50, 75, 90, 95, 99, 99.9, 99.99, 100];
  const at = (curve: CurvePoint[] | null, p: number) => {
    if (!curve || curve.length === 0) return null;
    const point = curve.find((c) => c.percentile >= p - 1e-9);
    return point && Math.abs(point.percentile - p) < 0.5 ? point.latencyMs : null;
  };
  return (
    <DataTable
      columns={[{ label: "Percentile" }, { label: "REST, ms", align: "right" }, { label: "gRPC, ms", align: "right" }]}
      rows={levels
        .map((p) => [p === 100 ? "max" : `p${p}`, at(rest, p), at(grpc, p)] as const)
        .filter(([, r, g]) => r !== null || g !== null)
        .map(([label, r, g]) => [label, formatMsNumber(r), formatMsNumber(g)])}
    />
  );
}

/** The cell's whole latency distribution from its HDR histograms, the tail on a log axis. */
export function LatencyCurveCard({ cell }: { cell: CellResult }) {
  const restCurve = histogramCurve(cell.rest.histogram);
  const grpcCurve = histogramCurve(cell.grpc.histogram);
  return (
    <ChartCard
      title="Latency distribution (HDR percentile curve)"
      subtitle="Client latency, ms, against percentile on a log axis: the tail gets as much room as the median"
      legend={protocolLines}
      chart={<PercentileCurveChart rest={restCurve} grpc={grpcCurve} />}
      table={curveTable(restCurve, grpcCurve)}
    />
  );
}
