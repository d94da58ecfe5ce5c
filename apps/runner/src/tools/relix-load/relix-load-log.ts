/**
 * relix-load's per-call log and its summary, normalised to ClientSample. Each log row is
 * tab-separated: the call's send time (µs since the epoch), its latency (µs, send to the end of
 * the response, trailers included), its latency from its due time in an open loop ("-" in a
 * closed loop), its outcome (an HTTP status, a gRPC status name, or what failed: "timeout",
 * "reset-CANCEL", "connection-lost"...), 1 or 0 for success, and with a connection per call that
 * connection's connect time (µs, else "-"). The program times a call from its send; a call that
 * opened its own connection is timed here from the connect's start, as autocannon times it: a new
 * connection per call is the cost that design asks about, so it is inside the latency.
 *
 * Time origin: the earliest send in the log, the run's first call, as for the other tools.
 */
import { z } from "zod";
import type { ClientSample } from "../sample";

export interface ParsedRelixLoadLog {
  samples: ClientSample[];
  /** Epoch ms (float) of the first call's send (or its connect's start, with a connection per call). */
  startedAtMs: number;
  /** From the first send to the last end. */
  wallMs: number;
  /** Connect times of per-call connections, µs, in completion order (empty otherwise). */
  connectUs: number[];
}

const optionalUs = (text: string | undefined): number | undefined =>
  text === undefined || text === "-" || text === "" ? undefined : Number(text);

export function parseRelixLoadLog(text: string): ParsedRelixLoadLog {
  const rows: {
    startUs: number;
    latencyUs: number;
    fromDueUs?: number;
    code: string;
    ok: boolean;
    connectUs?: number;
  }[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    const [start, latency, fromDue, code, ok, connect] = line.split("\t");
    const row = {
      startUs: Number(start),
      latencyUs: Number(latency),
      fromDueUs: optionalUs(fromDue),
      code: code ?? "",
      ok: ok === "1",
      connectUs: optionalUs(connect),
    };
    const finite = (n: number | undefined) => n === undefined || Number.isFinite(n);
    if (
      !Number.isFinite(row.startUs) ||
      !Number.isFinite(row.latencyUs) ||
      !finite(row.fromDueUs) ||
      !finite(row.connectUs) ||
      !row.code ||
      (ok !== "1" && ok !== "0")
    )
      throw new Error(`unexpected relix-load log line: ${JSON.stringify(line.slice(0, 200))}`);
    rows.push(row);
  }
  if (rows.length === 0) return { samples: [], startedAtMs: Date.now(), wallMs: 0, connectUs: [] };
  // A loop, not Math.min(...rows): a long run logs more rows than a call may take arguments.
  let originUs = Number.POSITIVE_INFINITY;
  for (const r of rows) originUs = Math.min(originUs, r.startUs - (r.connectUs ?? 0));
  const samples = rows
    .map((r): ClientSample => ({
      endMs: (r.startUs + r.latencyUs - originUs) / 1000,
      latencyUs: r.latencyUs + (r.connectUs ?? 0),
      ...(r.fromDueUs === undefined ? {} : { fromDueLatencyUs: r.fromDueUs }),
      ok: r.ok,
      code: r.code,
    }))
    .sort((a, b) => a.endMs - b.endMs);
  const connectUs = rows.flatMap((r) => (r.connectUs === undefined ? [] : [r.connectUs]));
  return { samples, startedAtMs: originUs / 1000, wallMs: samples[samples.length - 1]!.endMs, connectUs };
}

/** The one JSON line relix-load prints at its end. */
const summarySchema = z.object({
  version: z.string(),
  started: z.number().int().min(0),
  done: z.number().int().min(0),
  ok: z.number().int().min(0),
  dropped: z.number().int().min(0),
  stoppedAtTimeCap: z.boolean(),
  interrupted: z.boolean(),
  connectionsOpened: z.number().int().min(0),
  bytesSent: z.number().min(0),
  bytesReceived: z.number().min(0),
  codes: z.record(z.string(), z.number().int().min(0)),
  messages: z.record(z.string(), z.string()).optional(),
});
export type RelixLoadSummary = z.infer<typeof summarySchema>;

/** The summary from the program's stdout (its last JSON line), or null when it printed none. */
export function parseRelixLoadSummary(stdout: string): RelixLoadSummary | null {
  const line = stdout
    .trim()
    .split("\n")
    .reverse()
    .find((l) => l.trim().startsWith("{"));
  if (!line) return null;
  try {
    const parsed = summarySchema.safeParse(JSON.parse(line));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
