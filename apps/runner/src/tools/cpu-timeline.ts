/**
 * A child tool's CPU over time, so its CPU per call can be taken over the measured window alone.
 *
 * Why: a tool's whole-process CPU (proc-cpu.ts) includes what it spends before its first call
 * and after its last: ghz parses the .proto, dials and writes the report of every call; h2load
 * opens its connections. In an interleaved trial every slice is its own process and its window
 * may be a fifth of a second, so those fixed costs weighed on every call (measured with ghz on
 * item.get: about 0.03 ms a call in 0.19 s slices). Read over the window, the figure is what the
 * tool spent while the calls counted were made.
 *
 * How: every `pollMs` the scheduler's run time of each of the tool's threads is read from
 * /proc/<pid>/task/<tid>/schedstat (first field, ns: exact, where /proc/<pid>/stat counts in
 * 10 ms ticks) and summed, with the time of the reading. The CPU between two instants is
 * interpolated linearly between the readings around them, so its error is at most what the tool
 * spends in one poll interval at each end of the window.
 *
 * A thread that exits takes its run time with it (the sum drops): a reading lower than the one
 * before it ends the timeline there, and a window past that point has no figure. An exit hidden by
 * other threads' growth between two readings would go unseen and the window would read low; ghz
 * (Go keeps its threads) and h2load (one thread, -t 1) do not end threads mid-run.
 */
import { readdirSync, readFileSync } from "node:fs";

/** One reading: the tool's CPU so far (ms, all its threads) at an instant (epoch ms). */
export interface CpuReading {
  atEpochMs: number;
  cpuMs: number;
}

/**
 * How often a tool's CPU is read while it runs: small against the shortest window (100 ms). A
 * reading of a 7-thread process costs the runner about 50 µs of CPU (measured 2026-11-27), so
 * about 0.25% of a core at this rate, taken from the cores the servers share.
 */
export const CPU_TIMELINE_POLL_MS = 20;

/** The summed run time of every thread of `pid`, ms; undefined when /proc cannot tell (gone, not Linux). */
export function readThreadsCpuMs(pid: number): number | undefined {
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return undefined;
  }
  let ns = 0;
  let read = 0;
  for (const tid of tids) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
      read++;
    } catch {
      // The thread exited between the listing and the read: its time is gone either way.
    }
  }
  // No thread read (a kernel without schedstat, a restricted /proc): no figure, not zero.
  return read > 0 && Number.isFinite(ns) ? ns / 1e6 : undefined;
}

/** Collects a timeline for `pid` until stopped; the readings end where a thread's exit made the sum drop. */
export function watchCpuTimeline(pid: number, pollMs = CPU_TIMELINE_POLL_MS): { stop(): CpuReading[] } {
  const readings: CpuReading[] = [];
  let broken = false;
  const read = (): void => {
    if (broken) return;
    const cpuMs = readThreadsCpuMs(pid);
    if (cpuMs === undefined) return;
    const last = readings[readings.length - 1];
    if (last && cpuMs < last.cpuMs) {
      broken = true;
      return;
    }
    // The wall clock the tools stamp their calls with (not the runner's monotonic one, which drifts
    // from it after a clock step); 1 ms is enough beside 20 ms readings.
    readings.push({ atEpochMs: Date.now(), cpuMs });
  };
  read();
  const timer = setInterval(read, pollMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      return readings;
    },
  };
}

/** The CPU at `atEpochMs`, interpolated; undefined outside the readings. */
function cpuAt(readings: readonly CpuReading[], atEpochMs: number): number | undefined {
  for (let i = 1; i < readings.length; i++) {
    const [a, b] = [readings[i - 1]!, readings[i]!];
    if (atEpochMs < a.atEpochMs || atEpochMs > b.atEpochMs) continue;
    const span = b.atEpochMs - a.atEpochMs;
    return span > 0 ? a.cpuMs + ((b.cpuMs - a.cpuMs) * (atEpochMs - a.atEpochMs)) / span : a.cpuMs;
  }
  return undefined;
}

/** CPU ms spent between two instants (epoch ms), or undefined when the readings do not cover both. */
export function cpuBetween(
  readings: readonly CpuReading[],
  fromEpochMs: number,
  toEpochMs: number,
): number | undefined {
  if (!(toEpochMs > fromEpochMs)) return undefined;
  const [from, to] = [cpuAt(readings, fromEpochMs), cpuAt(readings, toEpochMs)];
  return from === undefined || to === undefined ? undefined : Math.max(0, to - from);
}

/** The part of a window the readings cover at least this much of is taken to stand for all of it. */
export const MIN_COVERED_SHARE = 0.8;

/**
 * Cores busy between two instants (CPU ms / wall ms), read over the part of that span the readings
 * cover when that part is at least MIN_COVERED_SHARE of it: a tool may exit within a reading's
 * interval of its last call (h2load right after its summary), so a window ending at that call can
 * lie just past the last reading. Undefined when less is covered.
 */
export function coresBetween(
  readings: readonly CpuReading[],
  fromEpochMs: number,
  toEpochMs: number,
): number | undefined {
  if (readings.length < 2 || !(toEpochMs > fromEpochMs)) return undefined;
  const from = Math.max(fromEpochMs, readings[0]!.atEpochMs);
  const to = Math.min(toEpochMs, readings[readings.length - 1]!.atEpochMs);
  if (!(to - from >= MIN_COVERED_SHARE * (toEpochMs - fromEpochMs))) return undefined;
  const cpuMs = cpuBetween(readings, from, to);
  return cpuMs === undefined ? undefined : cpuMs / (to - from);
}
