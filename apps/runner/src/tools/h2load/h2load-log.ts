/**
 * h2load's --log-file, normalised to ClientSample. Each row is tab-separated: the request's start
 * (µs since the epoch), its HTTP status (-1: the stream failed; 0: a whole response whose status
 * h2load did not read) and its latency (µs, start to the end of the response). Later versions may
 * add columns: only the first three are read.
 *
 * Time origin: the earliest start in the log (the run's first request, as for the other tools);
 * h2load logs every request it started when no --warm-up-time is given (h2load-args.ts).
 */
import type { ClientSample } from "../sample";

export interface ParsedH2loadLog {
  samples: ClientSample[];
  /** Epoch ms (float) of the first request's start. */
  startedAtMs: number;
  /** From the first start to the last end. */
  wallMs: number;
}

/** A failed stream (reset, connection closed or timed out) has no status: "-1" in the log. */
export const FAILED_STREAM_CODE = "stream-failed";

/**
 * A response h2load read to its end without reading its status: "0" in the log. Over HTTP/1.1,
 * h2load 1.52 takes the status from its parser's status-text callback, which never runs for a
 * status line without a reason phrase ("HTTP/1.1 200 ", as Tomcat 10 writes every one). Not a
 * success by itself: equal-client-generator.ts says which stacks' such replies are answers.
 */
export const STATUS_UNREAD_CODE = "status-unread";

export function parseH2loadLog(text: string): ParsedH2loadLog {
  const rows: { startUs: number; status: number; latencyUs: number }[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    const [start, status, latency] = line.split("\t");
    const row = { startUs: Number(start), status: Number(status), latencyUs: Number(latency) };
    if (!Number.isFinite(row.startUs) || !Number.isInteger(row.status) || !Number.isFinite(row.latencyUs))
      throw new Error(`unexpected h2load log line: ${JSON.stringify(line.slice(0, 200))}`);
    rows.push(row);
  }
  if (rows.length === 0) return { samples: [], startedAtMs: Date.now(), wallMs: 0 };
  // A loop, not Math.min(...rows): a long run logs more rows than a call may take arguments.
  let originUs = Number.POSITIVE_INFINITY;
  for (const r of rows) if (r.startUs < originUs) originUs = r.startUs;
  const samples = rows
    .map((r): ClientSample => {
      const code = r.status < 0 ? FAILED_STREAM_CODE : r.status === 0 ? STATUS_UNREAD_CODE : String(r.status);
      return {
        endMs: (r.startUs + r.latencyUs - originUs) / 1000,
        latencyUs: r.latencyUs,
        ok: /^2\d\d$/.test(code),
        code,
      };
    })
    // Rows are in end order within a thread; sorting makes that hold whatever h2load's threading.
    .sort((a, b) => a.endMs - b.endMs);
  return { samples, startedAtMs: originUs / 1000, wallMs: samples[samples.length - 1]!.endMs };
}

/** h2load's summary line "requests: N total, N started, N done, N succeeded, ...", for cross-checks. */
export interface H2loadSummary {
  started: number;
  /** Completed with a response, whatever its status (logged). */
  done: number;
  /** Failed because their connection went silent past -N (not logged, not done). */
  timeout: number;
}

export function parseH2loadSummary(stdout: string): H2loadSummary | null {
  const m =
    /requests: (\d+) total, (\d+) started, (\d+) done, \d+ succeeded, \d+ failed, \d+ errored, (\d+) timeout/.exec(
      stdout,
    );
  return m ? { started: Number(m[2]), done: Number(m[3]), timeout: Number(m[4]) } : null;
}
