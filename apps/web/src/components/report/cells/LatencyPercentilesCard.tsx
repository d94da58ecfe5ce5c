import type { CellResult } from "@relix/core/result/result-schema";
import { BarPairChart } from "@/components/charts/BarPairChart";
import { ChartCard } from "@/components/charts/ChartCard";
import { DataTable } from "@/components/charts/DataTable";
import { protocolBoxes } from "@/components/charts/legend";
import { formatMsNumber } from "@/lib/format";
import { cellTitle, latencyPercentileRows } from "@/lib/report/report-rows";

/** The cell's client latency at each reported percentile, REST beside gRPC. */
export function LatencyPercentilesCard({ cell }: { cell: CellResult }) {
  const percentiles = latencyPercentileRows(cell);
  return (
    <ChartCard
      title="Latency percentiles"
      subtitle={`Client latency of ${cellTitle(cell)}, ms · all trials merged (lower is better)`}
      legend={protocolBoxes}
      chart={
        <BarPairChart
          rows={percentiles.map((r) => ({ category: r.percentile, rest: r.rest, grpc: r.grpc }))}
          format="ms"
          yLabel="ms"
        />
      }
      table={
        <DataTable
          columns={[
            { label: "Percentile" },
            { label: "REST, ms", align: "right" },
            { label: "gRPC, ms", align: "right" },
          ]}
          rows={percentiles.map((r) => [r.percentile, formatMsNumber(r.rest), formatMsNumber(r.grpc)])}
        />
      }
    />
  );
}
