// One row per cell x stack (express and grpc-js, plus any other stack the run measured) with every
// numeric field of the summary, for spreadsheets and pandas. A cell measured both ways (the tools,
// and one client for both) has two more rows, its pair as the equal client measured it: each row
// says which view it is, whether the cell's verdict rests on it, and carries that view's own
// speedups (read at the cell's own load, which `speedup_load` names) and verdict, so a filter on
// `headline` gives one figure per side per cell; where the run asked them, the headline rows also
// carry the two headline questions (latency_*, capacity_per_core_*). RFC 4180: CRLF line ends,
// fields quoted when they hold a comma, a quote or a line break,
// quotes doubled. Missing values are empty fields, never "null". Text that a spreadsheet would run
// as a formula gets a leading single quote (csvField says why).
import type {
  CellResult,
  ClientStep,
  Comparison,
  Protocol,
  ProtocolSummary,
  RunResult,
} from "../../result/result-schema";
import { cellPair } from "../../stacks/stack-pair";
import { cpuOfSide } from "../answer/clients";
import { ownLoadOf, ownLoadText } from "../answer/question-figures";
import { stackRowsOf, type StackRow } from "../stacks";
import { latencyMetricKeys } from "../../stats/latency-metrics";
import { COMPARED_METRICS } from "../../stats/speedup";

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

/** One row's stack: its measure and payload, and the protocol family it belongs to. */
interface Row {
  protocol: Protocol;
  stack: StackRow["stack"];
  measure: ProtocolSummary;
  payload: StackRow["payload"];
  split: NonNullable<ProtocolSummary["server"]["split"]> | null | undefined;
  /**
   * "tools": each stack's own load generator; "equal": one client program for both sides. A cell
   * measured one way only has that view alone, and it is the headline.
   */
  view: "tools" | "equal";
  /** The cell's verdict rests on this row's view. */
  headline: boolean;
  /** The view's REST-against-gRPC comparisons and verdict (a both-ways cell's tools keep their own). */
  comparisons: Comparison[];
  verdict: string;
  /** On an equal-client row of a both-ways cell: its side's step from the tool to the equal client. */
  clientStep: ClientStep | undefined;
}

const speedup = (row: Row, metric: Comparison["metric"]) => row.comparisons.find((c) => c.metric === metric)?.ci;
const clientStepP50 = (row: Row) => row.clientStep?.comparisons.find((c) => c.metric === "p50")?.ci;

type Column = [string, (cell: CellResult, row: Row, result: RunResult) => Value];

/** The cell's two headline questions, on the rows of the view they were measured with; none on a tools row. */
const questionsOf = (cell: CellResult, row: Row) => (row.headline ? cell.questions : undefined);

/** A comparison's ratio (above 1: gRPC better), its interval and its winner, under `prefix`. */
function comparisonColumns(prefix: string, of: (c: CellResult, p: Row) => Comparison | undefined): Column[] {
  return [
    [`${prefix}_speedup`, (c, p) => of(c, p)?.ci.estimate],
    [`${prefix}_speedup_low`, (c, p) => of(c, p)?.ci.low],
    [`${prefix}_speedup_high`, (c, p) => of(c, p)?.ci.high],
    [`${prefix}_winner`, (c, p) => of(c, p)?.winner],
  ];
}

/**
 * The two headline questions (empty in results written before them): latency where the server was
 * not queueing (`latency_load` says where: one-in-flight, open-loop, under-saturation) and capacity,
 * calls per second per server core (`capacity_saturated` false: the servers were not busy, so the
 * figure names no winner in the reports whatever its interval says).
 */
const questionColumns: Column[] = [
  ["latency_load", (c, p) => questionsOf(c, p)?.latency.load],
  ...comparisonColumns("latency_p50", (c, p) => questionsOf(c, p)?.latency.p50),
  ...comparisonColumns("latency_p99", (c, p) => questionsOf(c, p)?.latency.p99),
  ...comparisonColumns("capacity_per_core", (c, p) => questionsOf(c, p)?.capacity.comparison),
  ["capacity_saturated", (c, p) => questionsOf(c, p)?.capacity.saturated],
];

/** Column name -> value of one cell x stack. The order here is the file's column order. */
const columns: Column[] = [
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
  ["client_view", (_c, p) => p.view],
  ["headline", (_c, p) => p.headline],
  ["generator_tool", (_c, p) => p.measure.generator.tool],
  ["generator_cpu_fraction", (_c, p) => p.measure.generator.cpuFraction],
  ["generator_saturated", (_c, p) => p.measure.generator.saturated],
  ["client_cpu_ms_per_call", (_c, p) => cpuOfSide(p.measure).client],
  ["server_cpu_ms_per_call", (_c, p) => cpuOfSide(p.measure).server],
  ["total_cpu_ms_per_call", (_c, p) => cpuOfSide(p.measure).total],
  ["split_service_ms", (_c, p) => p.split?.serviceMs],
  ["split_codec_ms", (_c, p) => p.split?.codecMs],
  ["split_rest_ms", (_c, p) => p.split?.restMs],
  // The view's REST-against-gRPC comparisons repeat on every one of its rows so each row stands alone in a filter.
  ...COMPARED_METRICS.flatMap((metric) =>
    (["estimate", "low", "high"] as const).map(
      (bound) =>
        [
          bound === "estimate" ? `${metric}_speedup` : `${metric}_speedup_${bound}`,
          (_c: CellResult, p: Row) => speedup(p, metric)?.[bound],
        ] as [string, (c: CellResult, p: Row) => Value],
    ),
  ),
  ["verdict", (_c, p) => p.verdict],
  // The client step (the tools' program -> the equal client on this side's server), p50 ratio: above 1 the equal client measured it faster.
  ["client_step_from", (_c, p) => p.clientStep?.from],
  ["client_step_p50_ratio", (_c, p) => clientStepP50(p)?.estimate],
  ["client_step_p50_ratio_low", (_c, p) => clientStepP50(p)?.low],
  ["client_step_p50_ratio_high", (_c, p) => clientStepP50(p)?.high],
  ["client_step_gap_share", (_c, p) => p.clientStep?.gapShare],
  // Appended after the columns above so a reader that picks columns by position keeps working.
  // The *_speedup columns above are read at the cell's own load, named here ("8 in flight", "500
  // calls/s"; in words, as "@8" would open a formula): in a closed loop of several in flight,
  // their p50 and p99 are mostly queueing, not latency alone.
  ["speedup_load", (c, _p, r) => ownLoadText(ownLoadOf(c, r.spec))],
  ...questionColumns,
];

/** A cell's rows: its stacks as the stack table shows them (the tools'), then, measured both ways, the equal client's pair. */
function rowsOfCell(cell: CellResult, result: RunResult): Row[] {
  const tools = cell.toolClients;
  const stackRows = stackRowsOf(cell).map((stackRow): Row => ({
    protocol: stackRow.measure.protocol,
    stack: stackRow.stack,
    measure: stackRow.measure,
    payload: stackRow.payload,
    split: stackRow.measure.server.split,
    // A `clients: equal` run drove every stack with the equal client.
    view: result.spec.clients === "equal" ? "equal" : "tools",
    headline: !tools,
    comparisons: tools ? tools.comparisons : cell.comparisons,
    verdict: tools ? tools.verdict : cell.verdict,
    clientStep: undefined,
  }));
  if (!tools) return stackRows;
  const pair = cellPair(cell);
  const equalRows = (["rest", "grpc"] as const).map((side): Row => ({
    protocol: side,
    stack: pair[side],
    measure: cell[side],
    payload: cell.payload[side],
    split: cell[side].server.split,
    view: "equal",
    headline: true,
    comparisons: cell.comparisons,
    verdict: cell.verdict,
    clientStep: cell.clientSteps?.find((step) => step.side === side),
  }));
  return [...stackRows, ...equalRows];
}

export const csvHeader = columns.map(([name]) => name);

export function renderCsv(result: RunResult): string {
  const rows = result.cells.flatMap((cell) =>
    rowsOfCell(cell, result).map((row) => columns.map(([, value]) => csvField(value(cell, row, result)))),
  );
  return [csvHeader.map(csvField), ...rows].map((row) => row.join(",")).join("\r\n") + "\r\n";
}
