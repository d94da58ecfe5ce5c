import { cpuPerCallOf } from "@relix/core/result/cpu-per-call";
import type { CellResult } from "@relix/core/result/result-schema";
import { cpuMsText } from "@relix/core/render/answer/clients";
import { DataTable } from "@/components/charts/DataTable";
import { Proto } from "@/components/ui/Proto";
import { formatCount, formatMs, formatMsNumber, formatPercent } from "@/lib/format";
import { latencyKeyRows } from "@/lib/report/latency-rows";

/** One row per measure: its label, then REST's figure and gRPC's. */
function keyFigureRows(cell: CellResult): [string, string, string][] {
  const p = (pick: (side: CellResult["rest"]) => string) => [pick(cell.rest), pick(cell.grpc)];
  return [
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
}

/** The cell's key figures under its charts: latency, throughput, errors, connections, server time, CPU. */
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
