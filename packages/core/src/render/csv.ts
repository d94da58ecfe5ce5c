// One row per cell x stack (express and grpc-js, plus any other stack the run measured) with every
// numeric field of the summary, for spreadsheets and pandas. RFC 4180: CRLF line ends, fields quoted when they hold a comma, a quote or a line break,
// quotes doubled. Missing values are empty fields, never "null". Text that a spreadsheet would run
// as a formula gets a leading single quote (csvField says why).
import type { CellResult, Comparison, Protocol, ProtocolSummary, RunResult } from "../result/result-schema";
import { stackRowsOf, type StackRow } from "./stacks";
import { latencyMetricKeys } from "../stats/latency-metrics";
import { COMPARED_METRICS } from "../stats/speedup";

type Value = string | number | boolean | null | undefined;

/** What a spreadsheet takes for the start of a formula (`=`, `+`, `-`, `@`), or strips before one (tab, CR). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain decimal number as text (`-12.5`, `3e-7`): a spreadsheet reads it as that number, nothing more. */
const PLAIN_NUMBER = /^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * Formula injection: a result may carry text from elsewhere (an imported file's labels, preset
 * and workload names, error codes), and a spreadsheet opening the CSV would run a cell like
 * `=HYPERLINK(...)` or `-2+3`. Such text gets a leading single quote, which spreadsheets read as
 * "this is text" (OWASP's advice). Numbers stay numbers, negative ones included.
 */
function neutralised(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

export function csvField(value: Value): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "string" ? neutralised(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const speedup = (cell: CellResult, metric: Comparison["metric"]) =>
  cell.comparisons.find((c) => c.metric === metric)?.ci;

/** One row's stack: its measure and payload, and the protocol family it belongs to. */
interface Row {
  protocol: Protocol;
  stack: StackRow["stack"];
  measure: ProtocolSummary;
  payload: StackRow["payload"];
  split: NonNullable<ProtocolSummary["server"]["split"]> | null | undefined;
}

/** Column name -> value of one cell x stack. The order here is the file's column order. */
const columns: Array<[string, (cell: CellResult, row: Row, result: RunResult) => Value]> = [
  ["run_id", (_c, _p, r) => r.id],
  ["preset", (_c, _p, r) => r.spec.preset],
  ["workload", (c) => c.workload],
  ["label", (c) => c.label],
  ["study", (c) => c.study],
  ["cache_mode", (c) => c.cacheMode],
  ["protocol", (_c, p) => p.protocol],
  ["stack", (_c, p) => p.stack],
  // Absent in results written before placements existed: they were all measured on loopback.
  ["placement", (c) => c.placement ?? "loopback"],
  ["placement_rtt_ms", (c, _p, r) => r.placements?.find((p) => p.name === (c.placement ?? "loopback"))?.measuredRttMs],
  ["trials", (c) => c.trials.length],
  ["rps", (_c, p) => p.measure.rps],
  ["requests", (_c, p) => p.measure.requests],
  ["errors_total", (_c, p) => p.measure.errors.total],
  [
    "errors_by_code",
    (_c, p) =>
      Object.entries(p.measure.errors.byCode)
        .map(([code, n]) => `${code}=${n}`)
        .join(";"),
  ],
  ["latency_count", (_c, p) => p.measure.latencyMs.count],
  ...latencyMetricKeys.map(
    (k) =>
      [`latency_${k}_ms`, (_c: CellResult, p: Row) => p.measure.latencyMs[k]] as [
        string,
        (c: CellResult, p: Row) => Value,
      ],
  ),
  ["request_body_bytes", (_c, p) => p.payload.requestBodyBytes],
  ["response_body_bytes", (_c, p) => p.payload.responseBodyBytes],
  ["tcp_connections", (_c, p) => p.measure.connections.tcp],
  ["in_flight", (_c, p) => p.measure.connections.inFlight],
  ["server_cpu_ms_per_1000", (_c, p) => p.measure.server.cpuMsPer1000],
  ["server_peak_rss_bytes", (_c, p) => p.measure.server.peakRssBytes],
  ["server_time_ms_mean", (_c, p) => p.measure.server.serverTimeMsMean],
  ["cache_hit_ratio", (_c, p) => p.measure.server.cacheHitRatio],
  ["wire_bytes_received_per_request", (_c, p) => p.measure.server.wireBytesPerRequest?.received],
  ["wire_bytes_sent_per_request", (_c, p) => p.measure.server.wireBytesPerRequest?.sent],
  ["generator_tool", (_c, p) => p.measure.generator.tool],
  ["generator_cpu_fraction", (_c, p) => p.measure.generator.cpuFraction],
  ["generator_saturated", (_c, p) => p.measure.generator.saturated],
  ["split_service_ms", (_c, p) => p.split?.serviceMs],
  ["split_codec_ms", (_c, p) => p.split?.codecMs],
  ["split_rest_ms", (_c, p) => p.split?.restMs],
  // The cell's express-against-grpc-js comparisons repeat on every one of its rows so each row stands alone in a filter.
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
    stackRowsOf(cell).map((stackRow) => {
      const row: Row = {
        protocol: stackRow.measure.protocol,
        stack: stackRow.stack,
        measure: stackRow.measure,
        payload: stackRow.payload,
        split: stackRow.measure.server.split,
      };
      return columns.map(([, value]) => csvField(value(cell, row, result)));
    }),
  );
  return [csvHeader.map(csvField), ...rows].map((row) => row.join(",")).join("\r\n") + "\r\n";
}
