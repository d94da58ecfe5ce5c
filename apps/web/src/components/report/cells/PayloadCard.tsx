import type { CellResult } from "@relix/core/result/result-schema";
import { BarPairChart } from "@/components/charts/BarPairChart";
import { ChartCard } from "@/components/charts/ChartCard";
import { DataTable } from "@/components/charts/DataTable";
import { protocolBoxes } from "@/components/charts/legend";
import { formatBytes, formatCount } from "@/lib/format";
import { payloadRows } from "@/lib/report/report-rows";

/** The bytes a request costs each side: encoded bodies, and what crossed the server's sockets. */
export function PayloadCard({ cell }: { cell: CellResult }) {
  const payload = payloadRows(cell);
  return (
    <ChartCard
      title="Payload per request"
      subtitle="Bytes: bodies as encoded (JSON vs protobuf), and wire bytes at the server's sockets incl. headers and framing"
      legend={protocolBoxes}
      chart={
        <BarPairChart
          rows={payload.map((r) => ({ category: r.measure, rest: r.rest, grpc: r.grpc }))}
          format="bytes"
          yLabel="bytes"
        />
      }
      table={
        <DataTable
          columns={[{ label: "Measure" }, { label: "REST", align: "right" }, { label: "gRPC", align: "right" }]}
          rows={payload.map((r) => [
            r.measure,
            r.rest === null ? "–" : `${formatCount(r.rest)} B (${formatBytes(r.rest)})`,
            r.grpc === null ? "–" : `${formatCount(r.grpc)} B (${formatBytes(r.grpc)})`,
          ])}
        />
      }
    />
  );
}
