/**
 * gRPC load generation with the ghz CLI, normalised to ClientSample: ghz runs once per call of
 * runGhz as a child process (ghz-args.ts says with what), its JSON report is parsed (ghz-report.ts).
 *
 * CPU: measured from the parent's cutime/cstime (see ../proc-cpu). ghz is multi-threaded, so the
 * figure reported is the average number of cores it kept busy, beside the machine's core count;
 * whether it competed with the servers for them is decided in one place (@relix/core
 * findings/generator-saturation.ts, difference #9).
 */
import { copyFile, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { MeasureFact } from "@relix/core";
import { ownDir } from "@relix/io/lifetime";
import { parseLocalGrpcTarget } from "../local-target";
import { prefixed, runChildWithCpu, type ChildRunResult } from "../proc-cpu";
import type { ToolRunResult } from "../sample";
import { buildGhzArgs, checkGhzData, type DurationStop, type GhzOptions } from "./ghz-args";
import { parseGhzReport, type ParsedGhzReport } from "./ghz-report";

export interface GhzRunResult extends ToolRunResult {
  tool: "ghz";
  ghzBin: string;
  args: string[];
  /** Calls ghz completed; detailsCount of them have samples. */
  count: number;
  detailsCount: number;
  truncated: boolean;
  completeUntilMs: number;
  endReason: string;
  /** Spawn to exit, including ghz start-up and proto parsing. */
  processWallMs: number;
  toolCpuSource: "cutime" | "proc-poll" | "unavailable";
  /** With `total` and `durationMs`: the time came first, and ghz was stopped before all its calls were made. */
  stoppedAtTimeCap: boolean;
  /** toolCpuMs / processWallMs: average cores ghz kept busy. */
  toolCpuCores?: number;
  /** Cores on this machine (os.availableParallelism()). */
  machineCores: number;
}

export interface GhzDrive {
  result: GhzRunResult;
  /** ghz's own rps (count / total wall time): for cross-checking only, never for results. */
  ghzRps?: number;
}

/** One ghz run as Relix drives it. */
export async function runGhz(opts: GhzOptions): Promise<GhzRunResult> {
  return (await driveGhz(opts, { durationStop: "wait" })).result;
}

/** The run with what only tests need: another --duration-stop, ghz's own rps, a copy of its report. */
export async function driveGhz(
  opts: GhzOptions,
  how: { durationStop: DurationStop; keepReportAt?: string },
): Promise<GhzDrive> {
  parseLocalGrpcTarget(opts.target, opts.remoteHosts);
  checkGhzData(opts.data);
  const dir = await mkdtemp(path.join(os.tmpdir(), "relix-ghz-"));
  // Removed below; on exit if the runner ends first; by the next start's sweep if it is killed.
  const releaseDir = ownDir(dir, "ghz's files");
  const dataFile = path.join(dir, "data.json");
  const outFile = path.join(dir, "report.json");
  let stopTicks = (): void => {};
  try {
    const args = buildGhzArgs(opts, { dataFile, outFile }, how.durationStop);
    await writeFile(dataFile, JSON.stringify(opts.data));
    const timeoutMs = opts.timeoutMs ?? 10_000;
    // Bounded: the run itself, the drain (<= one timeout), and start-up/report writing slack.
    const hardTimeoutMs = (opts.durationMs ?? 600_000) + timeoutMs + 30_000;
    if (opts.onProgress) stopTicks = heartbeat(opts.onProgress);
    const child = await runChildWithCpu(...prefixed(opts.execPrefix, opts.ghzBin, args), {
      hardTimeoutMs,
      maxOutputBytes: 64 * 1024,
      ...(opts.env ? { env: { ...opts.env } } : {}),
      ...(opts.signal ? { signal: opts.signal } : {}),
      cpuTimeline: true,
      // -n with a time bound: ask ghz to stop (SIGINT) when the time is up; -x is broken.
      ...(opts.total !== undefined && opts.durationMs !== undefined ? { interruptAfterMs: opts.durationMs } : {}),
    });
    stopTicks();
    if (child.exitCode !== 0) {
      throw new Error(
        `ghz exited with ${child.exitCode ?? child.signal}${child.killed ? " (killed after the hard timeout)" : ""}: ` +
          (child.stderr.trim() || child.stdout.trim()).slice(0, 2000),
      );
    }
    const text = await readFile(outFile, "utf8");
    if (how.keepReportAt) await copyFile(outFile, how.keepReportAt);
    const parsed = parseGhzReport(text);
    const machineCores = os.availableParallelism();
    // Interrupted, and not by a cancel: by the time cap of a -n run.
    const atTimeCap =
      child.interrupted && !opts.signal?.aborted && opts.total !== undefined && opts.durationMs !== undefined;
    return {
      result: {
        tool: "ghz",
        samples: parsed.samples,
        startedAtMs: parsed.startedAtMs,
        wallMs: parsed.wallMs,
        toolCpuMs: child.cpuMs,
        ...(child.cpuTimeline ? { cpuTimeline: child.cpuTimeline } : {}),
        connections: opts.connections ?? 1,
        inFlight: opts.concurrency,
        facts: factsOf(parsed, child, opts.total, atTimeCap),
        ghzBin: opts.ghzBin,
        args,
        count: parsed.count,
        detailsCount: parsed.detailsCount,
        truncated: parsed.truncated,
        completeUntilMs: parsed.completeUntilMs,
        endReason: parsed.endReason,
        stoppedAtTimeCap: atTimeCap && parsed.count < opts.total!,
        processWallMs: child.wallMs,
        toolCpuSource: child.cpuSource,
        ...(child.cpuMs === undefined ? {} : { toolCpuCores: child.cpuMs / child.wallMs }),
        machineCores,
      },
      ...(parsed.ghzRps === undefined ? {} : { ghzRps: parsed.ghzRps }),
    };
  } finally {
    stopTicks();
    await rm(dir, { recursive: true, force: true });
    releaseDir();
  }
}

/**
 * What the report and the child process say about this run beyond its samples. A stop at the time
 * cap is no fact of the tool's: the engine records it for the whole window (stopped-at-time-cap).
 */
function factsOf(
  parsed: ParsedGhzReport,
  child: ChildRunResult,
  total: number | undefined,
  atTimeCap: boolean,
): MeasureFact[] {
  const facts: MeasureFact[] = [];
  if (parsed.truncated) {
    facts.push({
      kind: "details-truncated",
      tool: "ghz",
      keptCalls: parsed.detailsCount,
      calls: parsed.count,
      completeUntilMs: parsed.completeUntilMs,
      // The engine knows the window; it fills this in when the window has to shrink.
      windowShortenedToMs: null,
    });
  }
  if (child.cpuSource === "proc-poll") facts.push({ kind: "cpu-lower-bound", tool: "ghz" });
  if (child.killed) facts.push({ kind: "stopped-by-hard-timeout", tool: "ghz" });
  if (atTimeCap) return facts;
  if (child.interrupted) {
    facts.push({
      kind: "ended-early",
      tool: "ghz",
      reason: "interrupted",
      ...(total === undefined ? {} : { plannedRequests: total }),
    });
  } else if (parsed.endReason && !["normal", "timeout"].includes(parsed.endReason)) {
    facts.push({ kind: "ended-early", tool: "ghz", reason: parsed.endReason });
  }
  return facts;
}

/** ghz prints nothing while it runs: a once-a-second heartbeat, so progress does not look stuck. */
function heartbeat(onProgress: NonNullable<GhzOptions["onProgress"]>): () => void {
  const t0 = performance.now();
  let second = 0;
  let timer: NodeJS.Timeout;
  const tick = (): void => {
    second++;
    try {
      onProgress({ elapsedMs: performance.now() - t0, second });
    } catch {
      // ignore consumer errors
    }
    timer = setTimeout(tick, t0 + (second + 1) * 1000 - performance.now());
  };
  timer = setTimeout(tick, 1000);
  return () => clearTimeout(timer);
}
