import { ChartCard } from "@/components/charts/ChartCard";
import { latencyLines, protocolLines } from "@/components/charts/legend";
import { TimelineChart } from "@/components/charts/TimelineChart";
import type { liveChartRows, warmupRange } from "@/lib/live/live-chart-rows";
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

/** One cell's throughput and latency, second by second, REST and gRPC on the same axes. */
export function LiveChartCards({
  rows,
  warmup,
  cellSeconds,
}: {
  rows: ReturnType<typeof liveChartRows>;
  warmup: ReturnType<typeof warmupRange>;
  cellSeconds: number | null;
}) {
  return (
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
  );
}
