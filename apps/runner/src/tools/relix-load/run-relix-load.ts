/**
 * Load from relix-load (native/load-client), normalised to ClientSample: the program runs once per
 * call as a child process (relix-load-args.ts says with what), its per-call log is parsed
 * (relix-load-log.ts).
 *
 * CPU: measured from the parent's cutime/cstime (../proc-cpu). The program runs its calls on one
 * thread (GOMAXPROCS 1), so its figure is a share of one core, as h2load's and autocannon's are.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { MeasureFact } from "@relix/core";
import { ownDir } from "@relix/io/lifetime";
import { prefixed, runChildWithCpu, type ChildRunResult } from "../proc-cpu";
import type { ToolRunResult } from "../sample";
import { buildRelixLoadArgs, requestsFileOf, type RelixLoadOptions } from "./relix-load-args";
import { parseRelixLoadLog, parseRelixLoadSummary, type RelixLoadSummary } from "./relix-load-log";

export const RELIX_LOAD = "relix-load";

export interface RelixLoadRunResult extends ToolRunResult {
  tool: typeof RELIX_LOAD;
  args: string[];
  /** Spawn to exit, including the program's start-up. */
  processWallMs: number;
  toolCpuSource: ChildRunResult["cpuSource"];
  /** toolCpuMs / processWallMs: the share of its one core the program kept busy. */
  toolCpuCoreFraction?: number;
  /** Its own end-of-run counts (calls by outcome, bytes each way, connections opened). */
  summary: RelixLoadSummary | null;
  /** Connect times of per-call connections, µs (empty with kept connections). */
  connectUs: number[];
  /** With `total`: the time came first, and fewer calls were made. */
  stoppedAtTimeCap: boolean;
}

/** How long in-flight calls get after the window before the program drops them (its default). */
const DRAIN_MS = 2_000;

export async function runRelixLoad(opts: RelixLoadOptions): Promise<RelixLoadRunResult> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "relix-load-"));
  // Removed below; on exit if the runner ends first; by the next start's sweep if it is killed.
  const releaseDir = ownDir(dir, "relix-load's files");
  const files = { requestsFile: path.join(dir, "requests.json"), logFile: path.join(dir, "calls.tsv") };
  try {
    const args = buildRelixLoadArgs(opts, files);
    await writeFile(files.requestsFile, requestsFileOf(opts));
    const child = await runChildWithCpu(...prefixed(opts.execPrefix, opts.relixLoadBin, args), {
      hardTimeoutMs: opts.durationMs + DRAIN_MS + opts.timeoutMs + 30_000,
      maxOutputBytes: 64 * 1024,
      ...(opts.env ? { env: { ...opts.env } } : {}),
      ...(opts.signal ? { signal: opts.signal } : {}),
      cpuTimeline: true,
    });
    if (child.exitCode !== 0) {
      throw new Error(
        `relix-load exited with ${child.exitCode ?? child.signal}${child.killed ? " (killed after the hard timeout)" : ""}: ` +
          (child.stderr.trim() || child.stdout.trim()).slice(0, 2000),
      );
    }
    const parsed = parseRelixLoadLog(await readFile(files.logFile, "utf8").catch(() => ""));
    const summary = parseRelixLoadSummary(child.stdout);
    return {
      tool: RELIX_LOAD,
      samples: parsed.samples,
      startedAtMs: parsed.startedAtMs,
      wallMs: parsed.wallMs,
      toolCpuMs: child.cpuMs,
      ...(child.cpuTimeline ? { cpuTimeline: child.cpuTimeline } : {}),
      connections: opts.connections,
      inFlight: opts.inFlight,
      facts: factsOf(child, parsed.samples.length, summary, opts.signal?.aborted === true),
      args,
      processWallMs: child.wallMs,
      toolCpuSource: child.cpuSource,
      ...(child.cpuMs === undefined ? {} : { toolCpuCoreFraction: child.cpuMs / child.wallMs }),
      summary,
      connectUs: parsed.connectUs,
      stoppedAtTimeCap: summary?.stoppedAtTimeCap === true,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
    releaseDir();
  }
}

/**
 * The program's own counts against its log: calls still in flight when the drain ended are
 * dropped (never logged); any other difference between the calls it made and the log's rows is
 * unaccounted (it should never happen).
 */
function factsOf(
  child: ChildRunResult,
  logged: number,
  summary: RelixLoadSummary | null,
  cancelled: boolean,
): MeasureFact[] {
  const facts: MeasureFact[] = [];
  if (child.cpuSource === "proc-poll") facts.push({ kind: "cpu-lower-bound", tool: RELIX_LOAD });
  if (child.killed) facts.push({ kind: "stopped-by-hard-timeout", tool: RELIX_LOAD });
  if (summary?.interrupted && !cancelled) facts.push({ kind: "ended-early", tool: RELIX_LOAD, reason: "interrupted" });
  if (!summary) return facts;
  if (summary.dropped > 0) facts.push({ kind: "dropped-in-flight", tool: RELIX_LOAD, requests: summary.dropped });
  const unaccounted = summary.done - logged;
  if (unaccounted !== 0) facts.push({ kind: "unaccounted-requests", tool: RELIX_LOAD, requests: unaccounted });
  return facts;
}
