import type { CellResult } from "@relix/core/result/result-schema";
import { ChartCard } from "@/components/charts/ChartCard";
import { DataTable } from "@/components/charts/DataTable";
import { protocolLines } from "@/components/charts/legend";
import { TimelineChart } from "@/components/charts/TimelineChart";
import { formatCount, formatMsNumber } from "@/lib/format";
import { PROTOCOL_COLOR } from "@/lib/protocol-style";
import { timelineRows } from "@/lib/report/report-rows";

const TIMELINE_SERIES = [
  { key: "restRps", label: "REST", color: PROTOCOL_COLOR.rest },
  { key: "grpcRps", label: "gRPC", color: PROTOCOL_COLOR.grpc },
];

/** Requests completed each second of the first trial's window, with each second's p99 in the table. */
export function ThroughputTimelineCard({ cell }: { cell: CellResult }) {
  const timeline = timelineRows(cell, 1);
  return (
    <ChartCard
      title="Throughput over the window"
      subtitle="Requests completed per second of trial 1's measured window, req/s (higher is better)"
      legend={protocolLines}
      chart={
        <TimelineChart
          rows={timeline}
          series={TIMELINE_SERIES}
          format="rps"
          yLabel="req/s"
          xLabel="second of the measured window"
        />
      }
      table={
        <DataTable
          columns={[
            { label: "Second", align: "right" },
            { label: "REST req/s", align: "right" },
            { label: "gRPC req/s", align: "right" },
            { label: "REST p99, ms", align: "right" },
            { label: "gRPC p99, ms", align: "right" },
          ]}
          rows={timeline.map((r) => [
            r.second,
            formatCount(r.restRps),
            formatCount(r.grpcRps),
            formatMsNumber(r.restP99),
            formatMsNumber(r.grpcP99),
          ])}
        />
      }
    />
  );
}
