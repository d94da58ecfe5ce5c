import { createLatencyHistogram, MIN_BATCHES, type BatchFigures } from "@relix/core";
import type { ClientSample } from "../../tools";
import type { MeasuredWindow } from "./window";

/**
 * Ten sub-windows: enough that the t quantile is moderate (2.26 at 9 degrees of freedom), few
 * enough that each one of a 2 s window still spans about 200 ms, long next to the correlation
 * between neighbouring requests.
 */
export const TARGET_BATCHES = 10;

/**
 * Successful requests each sub-window needs before its percentile is worth computing: a median
 * is stable from a few dozen samples; a p99 needs a hundred so it is an order statistic inside
 * the sub-window's samples rather than simply its slowest request.
 */
export const MIN_SAMPLES_PER_BATCH = { p50Ms: 20, p99Ms: 100 } as const;

/** Successful requests of the window, in completion order. */
function okInWindow(samples: readonly ClientSample[], window: MeasuredWindow): ClientSample[] {
  return samples
    .filter((s) => s.ok && s.endMs >= window.startMs && s.endMs < window.endMs)
    .sort((a, b) => a.endMs - b.endMs);
}

/**
 * Latencies cut into consecutive runs of equal request count, as many as TARGET_BATCHES allows
 * with `perBatch` requests each; none when fewer than MIN_BATCHES would be full (the window is too
 * short for that figure: p50 then bootstraps the calls themselves, see keptLatenciesMs, and
 * otherwise the verdict falls back to the point estimate). By count rather than
 * by time because completions of slow calls come in bursts: equal time slices of a short window
 * can leave one nearly empty while the whole window has enough.
 */
function latencyBatches(ok: readonly ClientSample[], perBatch: number): number[][] {
  const count = Math.min(TARGET_BATCHES, Math.floor(ok.length / perBatch));
  if (count < MIN_BATCHES) return [];
  return Array.from({ length: count }, (_, i) =>
    ok.slice(Math.floor((i * ok.length) / count), Math.floor(((i + 1) * ok.length) / count)).map((s) => s.latencyUs),
  );
}

function percentileOfBatches(ok: readonly ClientSample[], metric: keyof typeof MIN_SAMPLES_PER_BATCH): number[] {
  return latencyBatches(ok, MIN_SAMPLES_PER_BATCH[metric]).map((latencies) => {
    // Same histogram and percentile maths as the whole window, so a batch figure means the same thing.
    const histogram = createLatencyHistogram();
    for (const us of latencies) histogram.record(us);
    return histogram.summary()[metric === "p50Ms" ? "p50" : "p99"];
  });
}

/**
 * Throughput per equal time slice of the window: TARGET_BATCHES of them, or fewer (down to
 * MIN_BATCHES) until none is empty; none when even that leaves an empty slice.
 */
function rpsBatches(ok: readonly ClientSample[], window: MeasuredWindow): number[] {
  const lengthMs = window.endMs - window.startMs;
  if (!(lengthMs > 0)) return [];
  for (let count = TARGET_BATCHES; count >= MIN_BATCHES; count--) {
    const perSlice = new Array<number>(count).fill(0);
    for (const s of ok) perSlice[Math.min(count - 1, Math.floor(((s.endMs - window.startMs) * count) / lengthMs))]!++;
    if (perSlice.every((n) => n > 0)) return perSlice.map((n) => n / (lengthMs / count / 1000));
  }
  return [];
}

/**
 * A window with fewer successful calls than this keeps their latencies. Under 100 (five sub-windows
 * of 20) p50 has no batch-means interval and its interval comes from the calls themselves; the
 * other side of that comparison needs its calls too, and it may have several times as many (a
 * protocol several times faster). From here on the two sides differ by over ten times in calls,
 * a difference no interval is needed to see, and ordinary windows stay as small as before.
 */
export const LATENCIES_KEPT_BELOW = 1_000;

/**
 * At most this many latencies are kept from a fuller window: evenly spaced order statistics of its
 * calls (the 0.25%, 0.75%, ... quantiles), so the kept ones have the window's median and spread.
 * Taking every k-th call in completion order would not: with a fixed number in flight, completions
 * cycle through the connections, and every k-th can come from one of them. The bootstrap then
 * treats that side as if it had 200 calls, which can only widen the interval, and stays quick.
 */
export const MAX_KEPT_LATENCIES = 200;

function keptLatenciesMs(ok: readonly ClientSample[]): { latenciesMs?: number[] } {
  if (ok.length === 0 || ok.length >= LATENCIES_KEPT_BELOW) return {};
  // Whole µs, as the histogram records them (never 0: a ratio needs positive latencies).
  const all = ok.map((s) => Math.max(1, Math.round(s.latencyUs)) / 1000);
  if (all.length <= MAX_KEPT_LATENCIES) return { latenciesMs: all };
  const sorted = all.sort((a, b) => a - b);
  return {
    latenciesMs: Array.from(
      { length: MAX_KEPT_LATENCIES },
      (_, i) => sorted[Math.floor(((i + 0.5) * sorted.length) / MAX_KEPT_LATENCIES)]!,
    ),
  };
}

export interface BatchOptions {
  /**
   * Keep the window's latencies for the thin-window p50 bootstrap: only a one-trial run uses them
   * (several trials give an interval between trials), so other runs' results stay as small as before.
   */
  keepLatencies?: boolean;
}

/** p50, p99 and rps per sub-window of the window: what a single trial's confidence interval rests on. */
export function batchFiguresInWindow(
  samples: readonly ClientSample[],
  window: MeasuredWindow,
  options: BatchOptions = { keepLatencies: true },
): BatchFigures {
  const ok = okInWindow(samples, window);
  return {
    p50Ms: percentileOfBatches(ok, "p50Ms"),
    p99Ms: percentileOfBatches(ok, "p99Ms"),
    rps: rpsBatches(ok, window),
    ...(options.keepLatencies ? keptLatenciesMs(ok) : {}),
  };
}
