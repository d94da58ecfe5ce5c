import { cpuPerCallOf } from "@relix/core/result/cpu-per-call";
import type { CellResult, RunResult } from "@relix/core/result/result-schema";
import { cpuMsText } from "@relix/core/render/clients";
import { BarPairChart } from "@/components/charts/BarPairChart";
import { ChartCard } from "@/components/charts/ChartCard";
import { DataTable } from "@/components/charts/DataTable";
import { protocolBoxes, protocolLines } from "@/components/charts/legend";
import { PercentileCurveChart } from "@/components/charts/PercentileCurveChart";
import { TimelineChart } from "@/components/charts/TimelineChart";
import { Proto, Winner } from "@/components/ui/Proto";
import { CallerCostsBlock } from "./CallerCostsBlock";
import { ClientViewsBlock } from "./ClientViewsBlock";
import { cacheModeLabel, formatBytes, formatCount, formatMs, formatMsNumber, formatPercent } from "@/lib/format";
import { PROTOCOL_COLOR } from "@/lib/protocol-style";
import { histogramCurve, type CurvePoint } from "@/lib/report/percentile-curve-points";
import { latencyKeyRows } from "@/lib/report/latency-rows";
import {
  cellAnchor,
  cellKey,
  cellTitle,
  latencyPercentileRows,
  payloadRows,
  timelineRows,
} from "@/lib/report/report-rows";

const TIMELINE_SERIES = [
  { key: "restRps", label: "REST", color: PROTOCOL_COLOR.rest },
  { key: "grpcRps", label: "gRPC", color: PROTOCOL_COLOR.grpc },
];

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

/** One workload in one cache mode: its verdict, its numbers and its four charts. */
export function CellSection({
  cell,
  showPlacement = false,
  callerCosts,
}: {
  cell: CellResult;
  showPlacement?: boolean;
  /** The run's caller costs (result.callerCosts): this cell's workload's are shown beside it. */
  callerCosts?: RunResult["callerCosts"];
}) {
  const percentiles = latencyPercentileRows(cell);
  const payload = payloadRows(cell);
  const restCurve = histogramCurve(cell.rest.histogram);
  const grpcCurve = histogramCurve(cell.grpc.histogram);
  const timeline = timelineRows(cell, 1);
  const p = (pick: (side: CellResult["rest"]) => string) => [pick(cell.rest), pick(cell.grpc)];
  const keyRows: [string, string, string][] = [
    ...latencyKeyRows(cell),
    [
      "mean ± stddev, ms",
      ...(p((s) => `${formatMsNumber(s.latencyMs.mean)} ± ${formatMsNumber(s.latencyMs.stddev)}`) as [string, string]),
    ],
    ["Throughput, req/s", ...(p((s) => formatCount(s.rps, s.rps < 100 ? 1 : 0)) as [string, string])],
    [
      "Requests / errors",
      ...(p((s) => `${formatCount(s.requests)} / ${formatCount(s.errors.total)}`) as [string, string]),
    ],
    [
      "In flight / TCP connections",
      ...(p((s) => `${s.connections.inFlight} / ${s.connections.tcp}`) as [string, string]),
    ],
    ["Server time per request (mean)", ...(p((s) => formatMs(s.server.serverTimeMsMean)) as [string, string])],
    ["Cache hit ratio (server)", ...(p((s) => formatPercent(s.server.cacheHitRatio, 1)) as [string, string])],
    ["Client program", ...(p((s) => s.generator.tool) as [string, string])],
    [
      "CPU per call: client + server = total, ms",
      ...(p((s) => {
        const cpu = s.cpuMsPerCall ?? cpuPerCallOf(s.generator.cpuMsPerRequest, s.server.cpuMsPer1000);
        return `${cpuMsText(cpu.client)} + ${cpuMsText(cpu.server)} = ${cpuMsText(cpu.total)}`;
      }) as [string, string]),
    ],
  ];
  return (
    <section className="cell-section card card-pad" id={cellAnchor(cell)} data-testid="cell" data-cell={cellKey(cell)}>
      <div className="cell-head">
        <h3 style={{ fontSize: 16 }}>{cell.label}</h3>
        <code className="muted">{cell.workload}</code>
        {cell.cacheMode !== "none" ? <span className="tag">cache {cacheModeLabel(cell.cacheMode)}</span> : null}
        {showPlacement ? (
          <span className="tag" data-testid="cell-placement">
            {cell.placement ?? "loopback"}
          </span>
        ) : null}
        <span className="tag">study {cell.study}</span>
        <span className="muted small">
          {cell.trials.length} trial{cell.trials.length === 1 ? "" : "s"}
        </span>
      </div>
      <ul style={{ margin: "0 0 14px", paddingLeft: 18 }}>
        {cell.comparisons.map((c) => (
          <li
            key={c.metric}
            className={c.metric === "p50" ? "verdict-line" : undefined}
            data-testid={c.metric === "p50" ? "verdict" : undefined}
          >
            <Winner winner={c.winner}>{c.text}</Winner>
          </li>
        ))}
        {cell.comparisons.length === 0 ? (
          <li className="verdict-line" data-testid="verdict">
            {cell.verdict}
          </li>
        ) : null}
      </ul>
      <ClientViewsBlock cell={cell} />
      <CallerCostsBlock record={callerCosts} workload={cell.workload} />
      <div className="grid-2">
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
        <ChartCard
          title="Latency distribution (HDR percentile curve)"
          subtitle="Client latency, ms, against percentile on a log axis: the tail gets as much room as the median"
          legend={protocolLines}
          chart={<PercentileCurveChart rest={restCurve} grpc={grpcCurve} />}
          table={curveTable(restCurve, grpcCurve)}
        />
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
      </div>
      <div className="table-wrap" style={{ marginTop: 14, maxWidth: 720 }}>
        <DataTable
          columns={[
            { label: "Measure" },
            { label: <Proto protocol="rest" />, align: "right" },
            { label: <Proto protocol="grpc" />, align: "right" },
          ]}
          rows={keyRows}
        />
      </div>
    </section>
  );
}
