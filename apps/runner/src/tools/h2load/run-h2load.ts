/**
 * HTTP/2 cleartext load generation with nghttp2's h2load, normalised to ClientSample: h2load runs
 * once per call as a child process (h2load-args.ts says with what), its per-request log is parsed
 * (h2load-log.ts).
 *
 * CPU: measured from the parent's cutime/cstime (../proc-cpu). h2load runs one thread here (-t 1),
 * so its figure is a share of one core, as autocannon's is.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { MeasureFact } from "@relix/core";
import { ownDir } from "@relix/io/lifetime";
import { prefixed, runChildWithCpu, type ChildRunResult } from "../proc-cpu";
import type { ToolRunResult } from "../sample";
import { buildH2loadArgs, sharedRequestOf, urisOf, type H2loadOptions } from "./h2load-args";
import { parseH2loadLog, parseH2loadSummary, type H2loadSummary } from "./h2load-log";

export interface H2loadRunResult extends ToolRunResult {
  tool: "h2load";
  args: string[];
  /** Spawn to exit, including h2load's start-up. */
  processWallMs: number;
  toolCpuSource: ChildRunResult["cpuSource"];
  /** toolCpuMs / processWallMs: the share of its one core h2load kept busy. */
  toolCpuCoreFraction?: number;
  /** Requests h2load reports done, to compare with the log's rows. */
  reportedDone: number | null;
  /** With `total` and `durationMs`: the time came first, and h2load was stopped before all its requests. */
  stoppedAtTimeCap: boolean;
}

/**
 * h2load 1.52 (Debian 12's) can hang at the end of a timed run (-D) when the server closed a
 * connection during it, as Tomcat does after a 400 or a 500: a client that reconnects while the
 * others stop is never stopped (nghttp2 issue 2250, fixed in 1.64). At -D it drops the requests
 * still in flight rather than waiting for them, so one still running this long after its window
 * is hung; it gets SIGINT, and its log holds every request it completed.
 */
export const TIMED_RUN_END_GRACE_MS = 5_000;

/** When to send SIGINT: a count run at its time cap; a timed run that outlives its window by the grace. */
function interruptAfterMsOf(opts: H2loadOptions): number | undefined {
  if (opts.durationMs === undefined) return undefined;
  return opts.total !== undefined ? opts.durationMs : opts.durationMs + TIMED_RUN_END_GRACE_MS;
}

export async function runH2load(opts: H2loadOptions): Promise<H2loadRunResult> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "relix-h2load-"));
  // Removed below; on exit if the runner ends first; by the next start's sweep if it is killed.
  const releaseDir = ownDir(dir, "h2load's files");
  const files = {
    urisFile: path.join(dir, "uris.txt"),
    logFile: path.join(dir, "requests.tsv"),
    bodyFile: path.join(dir, "body"),
  };
  try {
    const args = buildH2loadArgs(opts, files);
    await writeFile(files.urisFile, urisOf(opts));
    const body = sharedRequestOf(opts.requests).body;
    if (body !== undefined) await writeFile(files.bodyFile, body);
    const timeoutMs = opts.timeoutMs ?? 10_000;
    const interruptAfterMs = interruptAfterMsOf(opts);
    const child = await runChildWithCpu(...prefixed(opts.execPrefix, opts.h2loadBin, args), {
      hardTimeoutMs: (opts.durationMs ?? 300_000) + timeoutMs + 30_000,
      maxOutputBytes: 64 * 1024,
      ...(opts.env ? { env: { ...opts.env } } : {}),
      ...(opts.signal ? { signal: opts.signal } : {}),
      cpuTimeline: true,
      // -n with a time cap: -D would override -n, so h2load is stopped (SIGINT) when the time is up.
      // -D alone: stopped when it outlives its window (TIMED_RUN_END_GRACE_MS).
      ...(interruptAfterMs === undefined ? {} : { interruptAfterMs }),
    });
    // SIGINT stops h2load without its summary; the log holds what completed until then.
    if (child.exitCode !== 0 && !child.interrupted) {
      throw new Error(
        `h2load exited with ${child.exitCode ?? child.signal}${child.killed ? " (killed after the hard timeout)" : ""}: ` +
          (child.stderr.trim() || child.stdout.trim()).slice(0, 2000),
      );
    }
    const parsed = parseH2loadLog(await readFile(files.logFile, "utf8").catch(() => ""));
    const summary = parseH2loadSummary(child.stdout);
    // Interrupted, and not by a cancel: by the time cap of a -n run, or after the window of a -D run.
    const byRunner = child.interrupted && !opts.signal?.aborted;
    const atTimeCap = byRunner && opts.total !== undefined && opts.durationMs !== undefined;
    const afterWindow = byRunner && opts.total === undefined;
    return {
      tool: "h2load",
      samples: parsed.samples,
      startedAtMs: parsed.startedAtMs,
      wallMs: parsed.wallMs,
      toolCpuMs: child.cpuMs,
      ...(child.cpuTimeline ? { cpuTimeline: child.cpuTimeline } : {}),
      connections: opts.clients,
      inFlight: opts.clients * opts.streams,
      facts: factsOf(child, parsed.samples.length, summary, atTimeCap, afterWindow),
      args,
      processWallMs: child.wallMs,
      toolCpuSource: child.cpuSource,
      ...(child.cpuMs === undefined ? {} : { toolCpuCoreFraction: child.cpuMs / child.wallMs }),
      reportedDone: summary?.done ?? null,
      stoppedAtTimeCap: atTimeCap && parsed.samples.length < opts.total!,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
    releaseDir();
  }
}

/**
 * h2load's own counts against its log. At -D it stops with requests still in flight: they are
 * started but never done, logged or failed (dropped). A stream failed by -N is counted as a
 * timeout but never logged, so it has no time to place it in the window: it is reported as
 * unaccounted, as is any other difference between the requests done and the log's rows. A stop
 * at the time cap is no fact of the tool's: the engine records it for the whole window. A stop
 * after a hung -D run's window is: its in-flight count is lost with the summary.
 */
function factsOf(
  child: ChildRunResult,
  logged: number,
  summary: H2loadSummary | null,
  atTimeCap: boolean,
  afterWindow: boolean,
): MeasureFact[] {
  const facts: MeasureFact[] = [];
  if (child.cpuSource === "proc-poll") facts.push({ kind: "cpu-lower-bound", tool: "h2load" });
  if (child.killed) facts.push({ kind: "stopped-by-hard-timeout", tool: "h2load" });
  if (afterWindow) facts.push({ kind: "stopped-after-window", tool: "h2load", afterMs: TIMED_RUN_END_GRACE_MS });
  else if (child.interrupted && !atTimeCap) facts.push({ kind: "ended-early", tool: "h2load", reason: "interrupted" });
  if (!summary) return facts;
  const dropped = summary.started - summary.done - summary.timeout;
  if (dropped > 0) facts.push({ kind: "dropped-in-flight", tool: "h2load", requests: dropped });
  const unaccounted = summary.done - logged + summary.timeout;
  if (unaccounted !== 0) facts.push({ kind: "unaccounted-requests", tool: "h2load", requests: unaccounted });
  return facts;
}
