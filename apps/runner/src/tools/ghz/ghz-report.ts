/**
 * Parsing a ghz `--format json` report into ClientSamples (pure: no binary needed).
 *
 * Facts established from ghz v0.120.0 source (runner/stats_handler.go, reporter.go, requester.go)
 * and checked against real reports (fixtures/ghz-report.json):
 *  - `details[].timestamp` is the call's END time: the gRPC stats handler sends
 *    `callResult{err, status, EndTime - BeginTime, EndTime}` on `*stats.End`. It is a Go
 *    `time.Time` marshalled as RFC3339 with up to 9 fractional digits (trailing zeros trimmed) and
 *    the local zone offset ("Z" or "+02:00"). So endMs comes straight from it; begin = end - latency.
 *    Caveat: the timestamp is WALL clock (JSON drops Go's monotonic reading) while the latency is
 *    monotonic, so a wall-clock step or slew during the run shifts endMs slightly (µs seen in
 *    tests: a call appearing to begin 16 µs before its predecessor on the same worker ended).
 *  - `details[].latency` is a Go `time.Duration`: integer nanoseconds. It spans the whole RPC as
 *    grpc-go sees it (stream creation, protobuf encode, send, receive, decode; the first calls also
 *    wait for the lazy dial) — difference #3.
 *  - `details[].status` is grpc-go's `codes.Code.String()`: "OK", "NotFound", "DeadlineExceeded",
 *    "Canceled"... We map it to the canonical upper-snake names ("NOT_FOUND", "CANCELLED") used
 *    by grpc-js and the gRPC spec. `error` is "" for OK calls.
 *  - ghz keeps at most 1,000,000 details (`maxResult` in runner/requester.go, hard-coded, no flag):
 *    the FIRST million results in completion order; `count` keeps counting. A truncated report
 *    has no samples for the end of the run, so we flag it and say up to when it is complete.
 *    `--count-errors` is unrelated: it only decides whether non-OK latencies enter ghz's own
 *    percentiles/histogram (details always include every call, errors too).
 *  - `--skipFirst N` drops the first N results from everything, details included (Relix passes 0
 *    and discards warm-up by time itself).
 *  - `total` is ns from ghz's start (connections created, before the first call) to the end,
 *    including the `--duration-stop wait` drain; `rps` = count / total (difference #5).
 */
import type { ClientSample, ToolRunResult } from "../sample";

/** The ghz details limit (runner/requester.go `maxResult`). */
export const GHZ_MAX_DETAILS = 1_000_000;

export interface GhzDetail {
  timestamp: string;
  latency: number;
  error: string;
  status: string;
}

export interface GhzReport {
  date?: string;
  endReason?: string;
  count: number;
  total: number;
  average?: number;
  rps?: number;
  errorDistribution?: Record<string, number> | null;
  statusCodeDistribution?: Record<string, number> | null;
  details: GhzDetail[] | null;
  options?: Record<string, unknown>;
}

export interface ParsedGhzReport extends Pick<ToolRunResult, "samples" | "startedAtMs" | "wallMs"> {
  /** Calls ghz completed (report.count). */
  count: number;
  /** Calls with a detail record (= samples.length). */
  detailsCount: number;
  /** count > details: the end of the run has no samples (the driver records it as a fact). */
  truncated: boolean;
  /** Samples are complete up to this endMs (Infinity when not truncated). */
  completeUntilMs: number;
  /** "normal" (-n reached), "timeout" (-z reached), "cancel" (SIGINT)... */
  endReason: string;
  /** ghz's own rps (count / total): for cross-checking only. */
  ghzRps?: number;
}

const GO_CODE_TO_GRPC: Record<string, string> = {
  OK: "OK",
  Canceled: "CANCELLED",
  Unknown: "UNKNOWN",
  InvalidArgument: "INVALID_ARGUMENT",
  DeadlineExceeded: "DEADLINE_EXCEEDED",
  NotFound: "NOT_FOUND",
  AlreadyExists: "ALREADY_EXISTS",
  PermissionDenied: "PERMISSION_DENIED",
  ResourceExhausted: "RESOURCE_EXHAUSTED",
  FailedPrecondition: "FAILED_PRECONDITION",
  Aborted: "ABORTED",
  OutOfRange: "OUT_OF_RANGE",
  Unimplemented: "UNIMPLEMENTED",
  Internal: "INTERNAL",
  Unavailable: "UNAVAILABLE",
  DataLoss: "DATA_LOSS",
  Unauthenticated: "UNAUTHENTICATED",
};

/** grpc-go code name ("NotFound") -> canonical gRPC name ("NOT_FOUND"). */
export function grpcCodeName(goName: string): string {
  return GO_CODE_TO_GRPC[goName] ?? (goName ? goName.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toUpperCase() : "UNKNOWN");
}

/** RFC3339 with up to ns precision -> whole epoch seconds + nanoseconds (exact, no float loss). */
export function parseRfc3339Nano(ts: string): { sec: number; nanos: number } {
  const m = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?(Z|[+-]\d\d:\d\d)$/.exec(ts);
  if (!m) throw new Error(`unexpected ghz timestamp ${JSON.stringify(ts)}`);
  const ms = Date.parse(`${m[1]}${m[3]}`);
  if (!Number.isFinite(ms)) throw new Error(`unexpected ghz timestamp ${JSON.stringify(ts)}`);
  return { sec: ms / 1000, nanos: m[2] ? Number(m[2].padEnd(9, "0")) : 0 };
}

export function parseGhzReport(input: string | GhzReport): ParsedGhzReport {
  const rep: GhzReport = typeof input === "string" ? (JSON.parse(input) as GhzReport) : input;
  if (typeof rep !== "object" || rep === null || typeof rep.count !== "number") {
    throw new Error('not a ghz JSON report (no "count")');
  }
  const details = rep.details ?? [];
  const n = details.length;
  const samples = new Array<ClientSample>(n);
  if (n === 0) {
    return {
      samples: [],
      startedAtMs: Number.NaN,
      wallMs: rep.total / 1e6,
      count: rep.count,
      detailsCount: 0,
      truncated: rep.count > 0,
      completeUntilMs: rep.count > 0 ? 0 : Number.POSITIVE_INFINITY,
      endReason: rep.endReason ?? "",
      ghzRps: rep.rps,
    };
  }
  // End times in ns relative to the first detail's whole second: exact in a double for ~100 days.
  const base = parseRfc3339Nano(details[0]!.timestamp).sec;
  const endNs = new Float64Array(n);
  let t0Ns = Number.POSITIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const d = details[i]!;
    const t = parseRfc3339Nano(d.timestamp);
    if (!Number.isFinite(d.latency) || d.latency < 0) throw new Error(`detail ${i}: bad latency ${d.latency}`);
    const e = (t.sec - base) * 1e9 + t.nanos;
    endNs[i] = e;
    if (e - d.latency < t0Ns) t0Ns = e - d.latency;
  }
  for (let i = 0; i < n; i++) {
    const d = details[i]!;
    const ok = d.status === "OK" && !d.error;
    const endMs = (endNs[i]! - t0Ns) / 1e6;
    samples[i] = {
      endMs,
      latencyUs: d.latency / 1000,
      ok,
      code: d.status ? grpcCodeName(d.status) : d.error ? "UNKNOWN" : "OK",
    };
  }
  const truncated = rep.count > n;
  const completeUntilMs = truncated ? completeUntil(samples) : Number.POSITIVE_INFINITY;
  return {
    samples,
    startedAtMs: base * 1000 + t0Ns / 1e6,
    wallMs: rep.total / 1e6,
    count: rep.count,
    detailsCount: n,
    truncated,
    completeUntilMs,
    endReason: rep.endReason ?? "",
    ghzRps: rep.rps,
  };
}

/**
 * Details arrive in completion order up to goroutine scheduling (one results channel fed by all
 * stats handlers), so a dropped call may have ended slightly before the last kept one: be
 * conservative and take the earliest end among the last 1000 kept details.
 */
function completeUntil(samples: ClientSample[]): number {
  let m = Number.POSITIVE_INFINITY;
  for (let i = Math.max(0, samples.length - 1000); i < samples.length; i++) m = Math.min(m, samples[i]!.endMs);
  return m;
}
