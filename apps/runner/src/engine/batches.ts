import { createLatencyHistogram, MIN_BATCHES, type BatchFigures } from "@relix/core";
import type { ClientSample } from "../tools";
import type { MeasuredWindow } from "./window";

/**
 * Ten sub-windows: enough that the t quantile is moderate (2.26 at 9 degrees of freedom), few
 * enough that each one of a 2 s window still spans 200 ms, long next to the correlation between
 * neighbouring requests.
 */
export const TARGET_BATCHES = 10;

/**
 * Successful requests each sub-window needs before its percentile is worth computing: a median
 * is stable from a few dozen samples; a p99 needs a hundred so it is an order statistic inside
 * the sub-window's samples rather than simply its slowest request.
 */
export const MIN_SAMPLES_PER_BATCH = { p50Ms: 20, p99Ms: 100 } as const;

/** Successful latencies (µs) per sub-window, for `count` equal sub-windows of the window. */
function latenciesPerBatch(samples: readonly ClientSample[], window: MeasuredWindow, count: number): number[][] {
  const length = (window.endMs - window.startMs) / count;
  const batches = Array.from({ length: count }, () => [] as number[]);
  for (const sample of samples) {
    if (!sample.ok || sample.endMs < window.startMs || sample.endMs >= window.endMs) continue;
    batches[Math.min(count - 1, Math.floor((sample.endMs - window.startMs) / length))]!.push(sample.latencyUs);
  }
  return batches;
}

/**
 * The most sub-windows, from TARGET_BATCHES down to MIN_BATCHES, that all meet `usable`; none
 * when even MIN_BATCHES do not (the window is too short for that figure, and the verdict falls
 * back to the point estimate).
 */
function largestUsableSplit(
  samples: readonly ClientSample[],
  window: MeasuredWindow,
  usable: (batch: number[]) => boolean,
): number[][] {
  for (let count = TARGET_BATCHES; count >= MIN_BATCHES; count--) {
    const batches = latenciesPerBatch(samples, window, count);
    if (batches.every(usable)) return batches;
  }
  return [];
}

function percentileOfBatches(
  samples: readonly ClientSample[],
  window: MeasuredWindow,
  metric: keyof typeof MIN_SAMPLES_PER_BATCH,
): number[] {
  const batches = largestUsableSplit(samples, window, (b) => b.length >= MIN_SAMPLES_PER_BATCH[metric]);
  return batches.map((latencies) => {
    // Same histogram and percentile maths as the whole window, so a batch figure means the same thing.
    const histogram = createLatencyHistogram();
    for (const us of latencies) histogram.record(us);
    return histogram.summary()[metric === "p50Ms" ? "p50" : "p99"];
  });
}

/** p50, p99 and rps per sub-window of the window: what a single trial's confidence interval rests on. */
export function batchFiguresInWindow(samples: readonly ClientSample[], window: MeasuredWindow): BatchFigures {
  const rpsBatches = largestUsableSplit(samples, window, (b) => b.length > 0);
  const seconds = (window.endMs - window.startMs) / 1000 / Math.max(1, rpsBatches.length);
  return {
    p50Ms: percentileOfBatches(samples, window, "p50Ms"),
    p99Ms: percentileOfBatches(samples, window, "p99Ms"),
    rps: seconds > 0 ? rpsBatches.map((b) => b.length / seconds) : [],
  };
}
