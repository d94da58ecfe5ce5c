/**
 * The common contract every load-generator driver (autocannon for REST, ghz for gRPC) produces.
 *
 * The drivers do not compute statistics. They hand back every completed request/call as a
 * `ClientSample`; Relix keeps only the samples whose `endMs` falls inside
 * `[warmupMs, warmupMs + measureMs)` (the same time window for both tools), so a driver runs for
 * warm-up + measure + a small tail.
 *
 * Time origin ("the run's start", `endMs === 0`): the moment the tool issued its first request.
 *  - autocannon: the instant `autocannon()` is called; it builds its clients synchronously, and
 *    each client opens its socket and queues its first request(s) inside its constructor.
 *  - ghz: the BeginTime of the earliest call in the report (= its end timestamp minus its latency).
 *    ghz process start-up, proto parsing and flag handling are therefore not part of the window.
 *  Both include the TCP connect / HTTP/2 handshake in the first requests' latency.
 */
import type { MeasureFact } from "@relix/core";
import type { CpuReading } from "./cpu-timeline";

/** One completed request/call as seen by the client. */
export interface ClientSample {
  /** When the response completed, ms since the run's start (monotonic clock, float). */
  endMs: number;
  /** Client-side latency in microseconds (float ok). */
  latencyUs: number;
  /**
   * Open loop with a schedule: the latency counted from the request's intended send time (>= the
   * raw latency when it went out late). Absent when the driver sends on no schedule.
   */
  fromDueLatencyUs?: number;
  /** true for a 2xx HTTP status / gRPC OK. */
  ok: boolean;
  /** "200", "404", "OK", "UNAVAILABLE", "NOT_FOUND", "DEADLINE_EXCEEDED", "timeout", "ECONNRESET"... */
  code: string;
}

export interface ToolRunResult {
  samples: ClientSample[];
  /** Epoch ms (float) of the run's start, i.e. of `endMs === 0`. */
  startedAtMs: number;
  /** From the run's start until the tool had finished (includes the end-of-run drain). */
  wallMs: number;
  /** CPU time (user + system) the load generator itself used, when it could be measured. */
  toolCpuMs?: number;
  /** A child tool's CPU over time (epoch ms), so the engine can take its CPU over the window alone. */
  cpuTimeline?: CpuReading[];
  /** TCP connections the tool was told to use (autocannon: connections; ghz: --connections). */
  connections: number;
  /**
   * Requests the tool keeps in flight at most (closed loop):
   * autocannon: connections x pipelining; ghz: -c (workers).
   */
  inFlight: number;
  /**
   * What the driver observed beyond the samples (truncation, dropped requests, a tool stopped
   * early...), as data: @relix/core findings turns facts into the sentences every report prints.
   */
  facts: MeasureFact[];
}

/** Per-second progress, for live charts and the CLI progress bar. */
export interface ProgressStats {
  /** ms since the run's start at the end of this second. */
  elapsedMs: number;
  /** 1-based index of the second. */
  second: number;
  /** Completed requests in this second, split by outcome. */
  ok: number;
  errors: number;
  /** Mean latency (µs) of this second's ok samples, NaN when none. */
  meanLatencyUs: number;
  totalOk: number;
  totalErrors: number;
  /** Requests sent but not completed at the moment of the report. */
  inFlight: number;
}

/** Is `code` a success for its protocol (2xx HTTP status or gRPC OK)? */
export function isOkCode(code: string): boolean {
  return code === "OK" || /^2\d\d$/.test(code);
}
