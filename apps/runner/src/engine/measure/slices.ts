// How one trial's window is cut into slices that alternate between the stacks compared.
//
// A machine shared with other tenants drifts (CPU frequency, neighbours, Redis and MariaDB
// background work) on a scale of seconds. Measured as one block per side, that drift lands
// wholly on one side and nothing inside either block can see it: six one-trial runs of the same
// cell once named opposite winners with non-overlapping intervals. Cut into short slices that
// take turns (A B B A A B ...), a drift hits both sides alike, and the ratio of each round's two
// slices carries whatever drift is left, so an interval built from those ratios covers it.
//
// The rule for the slices (docs/measurement.md "Interleaved slices"):
// - every slice holds at least MIN_CALLS_PER_SLICE calls of the slowest stack at the rate its
//   warm-up showed, and lasts at least MIN_SLICE_MS; at most MAX_SLICES per side per trial;
// - fewer than MIN_SLICES possible: the window is measured as one block per side, as before, and
//   the interval says it rests on one block (a rerun may differ by more);
// - each slice is its own run of the load generator, so it opens its connections again: the
//   calls completing in the first `leadMs` (at least two calls' latency) are left out, like a
//   warm-up, and the window of each slice starts after them.
import type { ClientSample } from "../../tools";
import type { MeasuredWindow } from "./window";

export const MIN_SLICE_MS = 100;
export const MAX_SLICES = 8;
export const MIN_SLICES = 4;
/**
 * At most this many slices per side in each trial of a run of three trials or more: the interval's
 * replicates are then the trials (each a launch of the servers), and within one, four slices
 * taking turns are enough to pair out a drift. Each slice is a run of the client of its own, and
 * four fewer save about half a second of lead-ins and start-ups per side on this machine.
 */
export const SLICES_PER_LAUNCH = MIN_SLICES;
/** Trials from which the trials, not the slices, carry the interval (stats/launch-interval.ts). */
export const TRIALS_FOR_LAUNCH_SLICES = 3;
export const MIN_CALLS_PER_SLICE = 30;
/** The shortest lead-in before a slice's window: a fresh connection's first calls settle within it. */
export const MIN_LEAD_MS = 40;

/** What a stack's warm-up showed: the rate and typical latency its slices are sized from. */
export interface WarmupFigures {
  /** Successful calls per second during the warm-up, or null without a warm-up. */
  rps: number | null;
  /** Median latency of the warm-up's calls, ms, or null without a warm-up. */
  p50Ms: number | null;
}

export interface SlicePlan {
  /** Slices per side in this trial; 1 = one block per side. */
  count: number;
  /** Each slice's measured window, ms (time mode). */
  lengthMs: number;
  /** Left out at the start of each slice's run, ms. */
  leadMs: number;
}

/**
 * The slices of a time-mode trial from every stack's warm-up: sized for the slowest stack, since
 * the stacks' slices pair up round by round and must be equally long.
 */
export function planSlices(
  durationMs: number,
  warmups: readonly WarmupFigures[],
  maxSlices: number = MAX_SLICES,
): SlicePlan {
  const rates = warmups.map((w) => w.rps).filter((r): r is number => r !== null && r > 0);
  const latencies = warmups.map((w) => w.p50Ms).filter((l): l is number => l !== null && l > 0);
  // Without a warm-up (or one that completed no call) nothing says how many calls a slice would
  // hold, nor how long a fresh connection takes to settle: one block per side.
  const leadMs = Math.max(MIN_LEAD_MS, 2 * (latencies.length > 0 ? Math.max(...latencies) : 0));
  if (rates.length < warmups.length || rates.length === 0) return { count: 1, lengthMs: durationMs, leadMs };
  const slowestRps = Math.min(...rates);
  const minLengthMs = Math.max(MIN_SLICE_MS, (MIN_CALLS_PER_SLICE * 1000) / slowestRps);
  const fits = Math.min(maxSlices, Math.floor(durationMs / minLengthMs));
  if (fits < MIN_SLICES) return { count: 1, lengthMs: durationMs, leadMs };
  return { count: fits, lengthMs: durationMs / fits, leadMs };
}

/**
 * The order the stacks run in, round by round: the trial's order, then reversed, then the
 * trial's order again (A B, B A, A B, B A ...), so across every two rounds each stack has run
 * first and last once and a steady drift cancels out of the pairs.
 */
export function roundOrder<T>(trialOrder: readonly T[], round: number): T[] {
  return round % 2 === 0 ? [...trialOrder] : [...trialOrder].reverse();
}

/** Calls per slice in count mode: `total` spread as evenly as possible over `count` slices. */
export function callsPerSlice(total: number, count: number): number[] {
  return Array.from(
    { length: count },
    (_, i) => Math.floor(((i + 1) * total) / count) - Math.floor((i * total) / count),
  );
}

/** One slice as measured: the tool run's samples and the window kept of them, in that run's clock. */
export interface MeasuredSlice {
  samples: readonly ClientSample[];
  window: MeasuredWindow;
}

/**
 * The slices laid end to end on one clock: slice i's window becomes the i-th stretch of one
 * window whose length is the sum of theirs. What fell outside a slice's window (its lead-in and
 * tail) is left out. Every figure of the whole window (histogram, rps, sub-windows) is then
 * computed exactly as for a block.
 */
export function joinSlices(slices: readonly MeasuredSlice[]): { samples: ClientSample[]; window: MeasuredWindow } {
  const samples: ClientSample[] = [];
  let offsetMs = 0;
  for (const slice of slices) {
    const { startMs, endMs } = slice.window;
    for (const sample of slice.samples) {
      if (sample.endMs < startMs || sample.endMs >= endMs) continue;
      samples.push({ ...sample, endMs: sample.endMs - startMs + offsetMs });
    }
    offsetMs += endMs - startMs;
  }
  return { samples, window: { startMs: 0, endMs: offsetMs } };
}
