import { cpuPerCallOf } from "@relix/core/result/cpu-per-call";
import type { CapacitySide, CellResult } from "@relix/core/result/result-schema";
import type { LatencySummary } from "@relix/core/stats/latency-summary";
import { cpuMsText } from "@relix/core/render/answer/clients";
import { DataTable } from "@/components/charts/DataTable";
import { Proto } from "@/components/ui/Proto";
import { formatCount, formatMs, formatMsNumber, formatPercent } from "@/lib/format";
import { latencyKeyRows, type KeyRow } from "@/lib/report/latency-rows";

const pairMs = (latency: LatencySummary) =>
  latency.count > 0 ? `${formatMsNumber(latency.p50)} / ${formatMsNumber(latency.p99)}` : "–";

/**
 * Where the cell was measured again at one call in flight: that latency first, and its own load's
 * rows named by the load ("at 8 in flight, under saturation"), so they are not read as latency alone.
 */
function latencyRows(cell: CellResult): KeyRow[] {
  const light = cell.lightLoad;
  if (!light) return latencyKeyRows(cell);
  const own = `at ${cell.rest.connections.inFlight} in flight, under saturation`;
  return [
    [`p50 / p99 at ${light.inFlight} in flight, ms`, pairMs(light.rest.latencyMs), pairMs(light.grpc.latencyMs)],
    ...latencyKeyRows(cell).map(([label, rest, grpc]): KeyRow => [label.replace(/, ms$/, ` ${own}, ms`), rest, grpc]),
  ];
}

/** Capacity per server core and how busy each server was, where the cell asked the two questions. */
function capacityRows(cell: CellResult): KeyRow[] {
  const capacity = cell.questions?.capacity;
  if (!capacity) return [];
  const perCore = (side: CapacitySide) => (side.perCore === null ? "–" : formatCount(side.perCore));
  return [
    ["Calls per second per server core", perCore(capacity.rest), perCore(capacity.grpc)],
    ["Server busy, share of one core", formatPercent(capacity.rest.coreShare), formatPercent(capacity.grpc.coreShare)],
  ];
}

/** One row per measure: its label, then REST's figure and gRPC's. */
function keyFigureRows(cell: CellResult): [string, string, string][] {
  const p = (pick: (side: CellResult["rest"]) => string) => [pick(cell.rest), pick(cell.grpc)];
  return [
    ...latencyRows(cell),
    [
      "mean ± stddev, ms",
      ...(p((s) => `${formatMsNumber(s.latencyMs.mean)} ± ${formatMsNumber(s.latencyMs.stddev)}`) as [string, string]),
    ],
    ["Throughput, req/s", ...(p((s) => formatCount(s.rps, s.rps < 100 ? 1 : 0)) as [string, string])],
    ...capacityRows(cell),
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
}

/** The cell's key figures under its charts: latency, throughput, capacity, errors, connections, server time, CPU. */
export function CellKeyFigures({ cell }: { cell: CellResult }) {
  return (
    <div className="table-wrap" style={{ marginTop: 14, maxWidth: 720 }}>
      <DataTable
        columns={[
          { label: "Measure" },
          { label: <Proto protocol="rest" />, align: "right" },
          { label: <Proto protocol="grpc" />, align: "right" },
        ]}
        rows={keyFigureRows(cell)}
      />
    </div>
  );
}
