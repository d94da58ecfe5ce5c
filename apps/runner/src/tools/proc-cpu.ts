/**
 * CPU time of a child process (the ghz load generator), measured without /usr/bin/time.
 *
 * Approach (Linux): when a parent reaps a child with wait*(), the kernel adds the child's user and
 * system time to the parent's `cutime`/`cstime` (fields 16/17 of /proc/self/stat, in clock ticks,
 * USER_HZ = 100 on Linux, so 10 ms resolution). libuv reaps the child (waitpid) *before* Node emits
 * the ChildProcess 'exit' event, so reading /proc/self/stat before spawn and again in the 'exit'
 * handler gives exactly that child's CPU time — provided no other child of this process is reaped
 * in between (Relix runs one tool at a time, so that holds in production).
 *
 * Cross-check / fallback: while the child runs we poll /proc/<pid>/stat (utime+stime) every
 * `pollMs`; the last reading is a lower bound (it misses at most the last poll interval). If the
 * cutime delta is below that bound (e.g. SIGCHLD ignored, so the child was auto-reaped and never
 * accounted), the polled value is used instead and `cpuSource` says so.
 *
 * Things that do NOT work: process.cpuUsage()/process.resourceUsage() are RUSAGE_SELF only (Node
 * exposes no RUSAGE_CHILDREN); reading /proc/<pid>/stat "just before exit" is racy (the pid is
 * gone once reaped).
 */
import { execFileSync, type ChildProcess, type SpawnOptions } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { Readable } from "node:stream";
import { spawnOwned } from "@relix/io/lifetime";
import { watchCpuTimeline, type CpuReading } from "./cpu-timeline";

export interface ProcCpuTimes {
  /** ms of user / system CPU of the process itself. */
  userMs: number;
  systemMs: number;
  /** ms of user / system CPU of its reaped children. */
  childUserMs: number;
  childSystemMs: number;
}

let ticksPerSecond: number | undefined;

/** USER_HZ, the unit of /proc/<pid>/stat times (100 on every mainstream Linux). */
export function clockTicksPerSecond(): number {
  if (ticksPerSecond === undefined) {
    ticksPerSecond = 100;
    try {
      const out = execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8", timeout: 2000 }).trim();
      const n = Number(out);
      if (Number.isFinite(n) && n > 0) ticksPerSecond = n;
    } catch {
      // keep 100
    }
  }
  return ticksPerSecond;
}

/** Parses the text of /proc/<pid>/stat. Exported for tests. */
export function parseProcStat(text: string, hz = clockTicksPerSecond()): ProcCpuTimes {
  // Field 2 (comm) is in parentheses and may itself contain spaces and ')'.
  const rest = text.slice(text.lastIndexOf(")") + 2).split(" ");
  // rest[0] is field 3 (state); field n is rest[n - 3].
  const field = (n: number): number => Number(rest[n - 3]);
  const toMs = (ticks: number): number => (ticks * 1000) / hz;
  return {
    userMs: toMs(field(14)),
    systemMs: toMs(field(15)),
    childUserMs: toMs(field(16)),
    childSystemMs: toMs(field(17)),
  };
}

/** Reads /proc/<pid>/stat; undefined when unavailable (not Linux, or the process is gone). */
export function readProcCpu(pid: number | "self"): ProcCpuTimes | undefined {
  try {
    return parseProcStat(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return undefined;
  }
}

export interface ChildRunResult {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Spawn to exit. */
  wallMs: number;
  /** User + system CPU of the child, undefined when it could not be measured. */
  cpuMs?: number;
  cpuSource: "cutime" | "proc-poll" | "unavailable";
  /** Last polled /proc/<pid>/stat value (lower bound), for diagnostics. */
  polledCpuMs?: number;
  /** With `cpuTimeline`: the child's CPU over time (cpu-timeline.ts); empty when /proc could not tell. */
  cpuTimeline?: CpuReading[];
  /** true when we had to stop it at `hardTimeoutMs`. */
  killed: boolean;
  /** true when SIGINT was sent at `interruptAfterMs`. */
  interrupted: boolean;
}

export interface RunChildOptions {
  /** Send SIGINT after this long, SIGKILL 5 s later. */
  hardTimeoutMs: number;
  /** Send SIGINT after this long (a graceful stop request; `interrupted` is set). */
  interruptAfterMs?: number;
  pollMs?: number;
  /** Keep at most this many bytes of stdout/stderr each. */
  maxOutputBytes?: number;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Also read the child's CPU over time, so a window inside its run can be given its own CPU. */
  cpuTimeline?: boolean;
  /**
   * Stop early when this aborts: SIGINT (a graceful stop: `interrupted` is set), then SIGKILL if the
   * child is still there CANCEL_GRACE_MS later, so a cancel ends within seconds even when the tool
   * is stuck or ignores SIGINT.
   */
  signal?: AbortSignal;
}

/**
 * `file args` with `prefix` before them (e.g. `ip netns exec <namespace>`, which execs the tool in
 * the namespace: the pid, and so its CPU, stays the tool's own), as runChildWithCpu takes them.
 */
export function prefixed(prefix: readonly string[] | undefined, file: string, args: string[]): [string, string[]] {
  if (!prefix || prefix.length === 0) return [file, args];
  return [prefix[0]!, [...prefix.slice(1), file, ...args]];
}

/** How long a cancelled tool gets to stop on SIGINT (ghz then writes its report) before SIGKILL. */
export const CANCEL_GRACE_MS = 3_000;

/** Spawns `file args`, waits for it, and measures its CPU time (see the module comment). */
export function runChildWithCpu(file: string, args: string[], opts: RunChildOptions): Promise<ChildRunResult> {
  const pollMs = opts.pollMs ?? 100;
  const maxOut = opts.maxOutputBytes ?? 1 << 20;
  return new Promise((resolve, reject) => {
    const before = readProcCpu("self");
    const t0 = performance.now();
    const spawnOpts: SpawnOptions = { stdio: ["ignore", "pipe", "pipe"], env: opts.env, cwd: opts.cwd };
    // A tool must not outlive the runner, however the runner ends (spawn-owned.ts).
    const child = spawnOwned(file, args, { ...spawnOpts, what: path.basename(file) });
    const stdout = keepHead(child.stdout, maxOut);
    const stderr = keepHead(child.stderr, maxOut);
    const poller = pollChildCpu(child, pollMs);
    const timeline = opts.cpuTimeline && child.pid !== undefined ? watchCpuTimeline(child.pid) : undefined;
    const stops = scheduleStops(child, opts);

    let exit: Pick<ChildRunResult, "exitCode" | "signal" | "wallMs" | "cpuMs" | "cpuSource"> | undefined;
    let cpuTimeline: CpuReading[] | undefined;
    child.on("error", (err) => {
      poller.stop();
      timeline?.stop();
      stops.clearTimers();
      reject(err);
    });
    child.on("exit", (exitCode, signal) => {
      stops.stopListening();
      // The child has been reaped by now: its CPU is in our cutime/cstime.
      const after = readProcCpu("self");
      const wallMs = performance.now() - t0;
      poller.stop();
      cpuTimeline = timeline?.stop();
      stops.clearTimers();
      exit = { exitCode, signal, wallMs, ...childCpu(before, after, poller.lastMs()) };
    });
    child.on("close", () => {
      if (!exit) return; // 'error' path
      resolve({
        ...exit,
        stdout: stdout(),
        stderr: stderr(),
        polledCpuMs: poller.lastMs(),
        ...stops.outcome,
        ...(cpuTimeline ? { cpuTimeline } : {}),
      });
    });
  });
}

/** Keeps the first `maxChars` of a stream's text; returns what is kept so far. */
function keepHead(stream: Readable | null, maxChars: number): () => string {
  let text = "";
  stream?.setEncoding("utf8").on("data", (d: string) => {
    if (text.length < maxChars) text += d.slice(0, maxChars - text.length);
  });
  return () => text;
}

/** Reads the child's own /proc/<pid>/stat every `pollMs`: the last reading is a lower bound of its CPU. */
function pollChildCpu(child: ChildProcess, pollMs: number): { lastMs: () => number | undefined; stop: () => void } {
  let polledCpuMs: number | undefined;
  const poller = setInterval(() => {
    if (child.pid === undefined || child.exitCode !== null) return;
    const t = readProcCpu(child.pid);
    if (t) polledCpuMs = t.userMs + t.systemMs + t.childUserMs + t.childSystemMs;
  }, pollMs);
  poller.unref();
  return { lastMs: () => polledCpuMs, stop: () => clearInterval(poller) };
}

/** The child's CPU from our cutime/cstime delta, or the polled lower bound when that is more. */
function childCpu(
  before: ProcCpuTimes | undefined,
  after: ProcCpuTimes | undefined,
  polledCpuMs: number | undefined,
): Pick<ChildRunResult, "cpuMs" | "cpuSource"> {
  let cpuMs: number | undefined;
  let cpuSource: ChildRunResult["cpuSource"] = "unavailable";
  if (before && after) {
    cpuMs = after.childUserMs + after.childSystemMs - (before.childUserMs + before.childSystemMs);
    cpuSource = "cutime";
  }
  if (polledCpuMs !== undefined && (cpuMs === undefined || cpuMs < polledCpuMs)) {
    cpuMs = polledCpuMs;
    cpuSource = "proc-poll";
  }
  return { cpuMs, cpuSource };
}

/** The child's early stops: SIGINT at `interruptAfterMs` or on an abort, SIGINT then SIGKILL at `hardTimeoutMs`. */
interface ChildStops {
  /** Whether it was stopped at `hardTimeoutMs` (killed), or at `interruptAfterMs` or an abort (interrupted). */
  readonly outcome: Pick<ChildRunResult, "killed" | "interrupted">;
  clearTimers(): void;
  stopListening(): void;
}

function scheduleStops(child: ChildProcess, opts: RunChildOptions): ChildStops {
  const outcome = { killed: false, interrupted: false };
  const softTimer =
    opts.interruptAfterMs === undefined
      ? undefined
      : setTimeout(() => {
          outcome.interrupted = true;
          child.kill("SIGINT");
        }, opts.interruptAfterMs);
  softTimer?.unref();
  let killTimer: NodeJS.Timeout | undefined;
  let cancelKillTimer: NodeJS.Timeout | undefined;
  const onAbort = () => {
    outcome.interrupted = true;
    child.kill("SIGINT");
    cancelKillTimer = setTimeout(() => child.kill("SIGKILL"), CANCEL_GRACE_MS);
  };
  if (opts.signal?.aborted) onAbort();
  else opts.signal?.addEventListener("abort", onAbort, { once: true });
  const hardTimer = setTimeout(() => {
    outcome.killed = true;
    child.kill("SIGINT");
    killTimer = setTimeout(() => child.kill("SIGKILL"), 5000);
    killTimer.unref();
  }, opts.hardTimeoutMs);
  hardTimer.unref();
  return {
    outcome,
    clearTimers() {
      clearTimeout(hardTimer);
      clearTimeout(softTimer);
      clearTimeout(killTimer);
      clearTimeout(cancelKillTimer);
    },
    stopListening: () => opts.signal?.removeEventListener("abort", onAbort),
  };
}
