// One row per cell x protocol with every numeric field of the summary, for spreadsheets and
// pandas. RFC 4180: CRLF line ends, fields quoted when they hold a comma, a quote or a line break,
// quotes doubled. Missing values are empty fields, never "null".
import type { CellResult, Comparison, Protocol, RunResult } from "../result/result-schema";
import { latencyMetricKeys } from "../stats/latency-metrics";
import { COMPARED_METRICS } from "../stats/speedup";

type Value = string | number | boolean | null | undefined;

export function csvField(value: Value): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const speedup = (cell: CellResult, metric: Comparison["metric"]) =>
  cell.comparisons.find((c) => c.metric === metric)?.ci;

/** Column name -> value of one cell x protocol. The order here is the file's column order. */
const columns: Array<[string, (cell: CellResult, protocol: Protocol, result: RunResult) => Value]> = [
  ["run_id", (_c, _p, r) => r.id],
  ["preset", (_c, _p, r) => r.spec.preset],
  ["workload", (c) => c.workload],
  ["label", (c) => c.label],
  ["study", (c) => c.study],
  ["cache_mode", (c) => c.cacheMode],
  ["protocol", (_c, p) => p],
  // Absent in results written before placements existed: they were all measured on loopback.
  ["placement", (c) => c.placement ?? "loopback"],
  ["placement_rtt_ms", (c, _p, r) => r.placements?.find((p) => p.name === (c.placement ?? "loopback"))?.measuredRttMs],
  ["trials", (c) => c.trials.length],
  ["rps", (c, p) => c[p].rps],
  ["requests", (c, p) => c[p].requests],
  ["errors_total", (c, p) => c[p].errors.total],
  [
    "errors_by_code",
    (c, p) =>
      Object.entries(c[p].errors.byCode)
        .map(([code, n]) => `${code}=${n}`)
        .join(";"),
  ],
  ["latency_count", (c, p) => c[p].latencyMs.count],
  ...latencyMetricKeys.map(
    (k) =>
      [`latency_${k}_ms`, (c: CellResult, p: Protocol) => c[p].latencyMs[k]] as [
        string,
        (c: CellResult, p: Protocol) => Value,
      ],
  ),
  ["request_body_bytes", (c, p) => c.payload[p].requestBodyBytes],
  ["response_body_bytes", (c, p) => c.payload[p].responseBodyBytes],
  ["tcp_connections", (c, p) => c[p].connections.tcp],
  ["in_flight", (c, p) => c[p].connections.inFlight],
  ["server_cpu_ms_per_1000", (c, p) => c[p].server.cpuMsPer1000],
  ["server_peak_rss_bytes", (c, p) => c[p].server.peakRssBytes],
  ["server_time_ms_mean", (c, p) => c[p].server.serverTimeMsMean],
  ["cache_hit_ratio", (c, p) => c[p].server.cacheHitRatio],
  ["wire_bytes_received_per_request", (c, p) => c[p].server.wireBytesPerRequest?.received],
  ["wire_bytes_sent_per_request", (c, p) => c[p].server.wireBytesPerRequest?.sent],
  ["generator_tool", (c, p) => c[p].generator.tool],
  ["generator_cpu_fraction", (c, p) => c[p].generator.cpuFraction],
  ["generator_saturated", (c, p) => c[p].generator.saturated],
  // The cell's comparisons repeat on both of its rows so each row stands alone in a filter.
  ...COMPARED_METRICS.flatMap((metric) =>
    (["estimate", "low", "high"] as const).map(
      (bound) =>
        [
          bound === "estimate" ? `${metric}_speedup` : `${metric}_speedup_${bound}`,
          (c: CellResult) => speedup(c, metric)?.[bound],
        ] as [string, (c: CellResult) => Value],
    ),
  ),
  ["verdict", (c) => c.verdict],
];

export const csvHeader = columns.map(([name]) => name);

export function renderCsv(result: RunResult): string {
  const rows = result.cells.flatMap((cell) =>
    (["rest", "grpc"] as const).map((protocol) => columns.map(([, value]) => csvField(value(cell, protocol, result)))),
  );
  return [csvHeader.map(csvField), ...rows].map((row) => row.join(",")).join("\r\n") + "\r\n";
}
