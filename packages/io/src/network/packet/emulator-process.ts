import type { ChildProcessWithoutNullStreams } from "node:child_process";
import type { Socket } from "node:net";
import { createInterface } from "node:readline";
import { spawnOwned } from "../../lifetime/spawn-owned";
import { emulatorReadySchema, emulatorStatsSchema, type EmulatorReady, type EmulatorStats } from "./emulator-stats";

/**
 * One running packet-delay helper, inside one namespace (started through `ip netns exec`, which
 * execs it: the pid is the helper's own). It is steered through its stdin (native/packet-delay/
 * src/commands.h) and reports on its stdout, one JSON line each.
 */
export interface EmulatorProcess {
  readonly pid: number;
  readonly ready: EmulatorReady;
  /** Holds packets arriving from now on `delayUs` (± `jitterUs`, uniform) each. */
  setDelay(delayUs: number, jitterUs: number): Promise<void>;
  /** Its counters now. */
  stats(): Promise<EmulatorStats>;
  /** SIGTERM (it releases what it holds and reports), SIGKILL after `graceMs`; its last report, if any. */
  stop(graceMs?: number): Promise<EmulatorStats | null>;
}

export interface EmulatorStart {
  /** `ip netns exec <namespace>`, absolute `ip` first. */
  execPrefix: readonly string[];
  helper: string;
  queue: number;
  delayUs: number;
  jitterUs: number;
  windowUs: number;
}

const READY_TIMEOUT_MS = 10_000;
const ANSWER_TIMEOUT_MS = 5_000;
const OUTPUT_TAIL_LINES = 20;
const STREAMS_CLOSE_MS = 2_000;

type Waiter = { accepts: (line: Record<string, unknown>) => boolean; resolve: (line: Record<string, unknown>) => void };

/** The helper's process and what has been read from it so far. */
interface WatchedEmulator {
  child: ChildProcessWithoutNullStreams;
  /** Its last lines, stdout and stderr, for an error's message. */
  output: string[];
  waiters: Waiter[];
  lastStats: EmulatorStats | null;
  exited: Promise<void>;
  /** After "exit", once its streams have ended. */
  streamsClosed: Promise<void>;
}

export async function startEmulator(start: EmulatorStart): Promise<EmulatorProcess> {
  const emulator = watchEmulator(spawnEmulator(start));
  const { child } = emulator;
  const stop = (graceMs = 3_000) => stopEmulator(emulator, graceMs);
  let ready: EmulatorReady;
  try {
    ready = emulatorReadySchema.parse(
      await awaitLine(emulator, (l) => l.event === "ready", READY_TIMEOUT_MS, "starting"),
    );
  } catch (error) {
    await stop(500);
    throw error;
  }
  return {
    pid: child.pid!,
    ready,
    async setDelay(delayUs, jitterUs) {
      const accepts: Waiter["accepts"] = (l) => l.event === "delay" || l.event === "error";
      const answer = awaitLine(emulator, accepts, ANSWER_TIMEOUT_MS, "delay");
      writeLine(child, `delay ${Math.round(delayUs)} ${Math.round(jitterUs)}`);
      const line = await answer;
      if (line.event === "error") throw new Error(`packet-delay refused the delay: ${String(line.message)}`);
    },
    async stats() {
      const accepts: Waiter["accepts"] = (l) => l.event === "stats" && l.reason === "command";
      const answer = awaitLine(emulator, accepts, ANSWER_TIMEOUT_MS, "stats");
      writeLine(child, "stats");
      return emulatorStatsSchema.parse(await answer);
    },
    stop,
  };
}

function spawnEmulator(start: EmulatorStart): ChildProcessWithoutNullStreams {
  const argv = [
    ...start.execPrefix,
    start.helper,
    `--queue=${start.queue}`,
    `--delay-us=${Math.round(start.delayUs)}`,
    `--jitter-us=${Math.round(start.jitterUs)}`,
    `--window-us=${Math.round(start.windowUs)}`,
  ];
  // Ends with this process however it ends (spawn-owned.ts).
  const child = spawnOwned(argv[0]!, argv.slice(1), {
    stdio: ["pipe", "pipe", "pipe"],
    what: "the packet-delay network emulator",
  });
  // A write after it died must not become an uncaught EPIPE: its exit is reported on its own.
  child.stdin.on("error", () => {});
  // Not what keeps this process alive: a caller that never closes its link still exits (and the
  // exit hook then removes the link).
  child.unref();
  for (const stream of [child.stdin, child.stdout, child.stderr]) (stream as unknown as Socket).unref();
  return child;
}

/** Keeps the tail of its output, its last stats report, and hands each JSON line to the first waiter it fits. */
function watchEmulator(child: ChildProcessWithoutNullStreams): WatchedEmulator {
  const emulator: WatchedEmulator = {
    child,
    output: [],
    waiters: [],
    lastStats: null,
    exited: new Promise<void>((resolve) => child.once("exit", () => resolve())),
    // "exit" can come before the last lines on its stdout are read (its final stats among them):
    // "close" comes after its streams have ended.
    streamsClosed: new Promise<void>((resolve) => child.once("close", () => resolve())),
  };
  const { output, waiters } = emulator;
  const keep = (line: string) => {
    output.push(line);
    if (output.length > OUTPUT_TAIL_LINES) output.shift();
  };
  createInterface({ input: child.stderr }).on("line", keep);
  createInterface({ input: child.stdout }).on("line", (line) => {
    keep(line);
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(line) as Record<string, unknown>;
    } catch {
      return;
    }
    if (parsed.event === "stats") {
      const stats = emulatorStatsSchema.safeParse(parsed);
      if (stats.success) emulator.lastStats = stats.data;
    }
    const index = waiters.findIndex((w) => w.accepts(parsed));
    if (index >= 0) waiters.splice(index, 1)[0]!.resolve(parsed);
  });
  return emulator;
}

/** The next line `accepts` takes; rejects, with its last output, on a timeout or its exit. */
function awaitLine(
  emulator: WatchedEmulator,
  accepts: Waiter["accepts"],
  timeoutMs: number,
  what: string,
): Promise<Record<string, unknown>> {
  const { child, output, waiters } = emulator;
  return new Promise<Record<string, unknown>>((resolve, reject) => {
    const waiter: Waiter = { accepts, resolve: (line) => (clearTimeout(timer), resolve(line)) };
    const fail = (why: string) => {
      const at = waiters.indexOf(waiter);
      if (at >= 0) waiters.splice(at, 1);
      reject(new Error(`packet-delay ${why} (${what}):\n${output.join("\n")}`));
    };
    const timer = setTimeout(() => fail(`did not answer within ${timeoutMs} ms`), timeoutMs);
    waiters.push(waiter);
    void emulator.exited.then(() => {
      clearTimeout(timer);
      fail(`exited (code ${child.exitCode}, signal ${child.signalCode})`);
    });
  });
}

async function stopEmulator(emulator: WatchedEmulator, graceMs: number): Promise<EmulatorStats | null> {
  const { child } = emulator;
  if (child.exitCode === null && child.signalCode === null) {
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    await emulator.exited;
    clearTimeout(timer);
  }
  // Bounded: were its stdout held open by anything else, the report is given up, not waited on.
  await Promise.race([emulator.streamsClosed, new Promise((resolve) => setTimeout(resolve, STREAMS_CLOSE_MS).unref())]);
  return emulator.lastStats?.reason === "exit" ? emulator.lastStats : null;
}

function writeLine(child: ChildProcessWithoutNullStreams, line: string): void {
  child.stdin.write(`${line}\n`);
}
