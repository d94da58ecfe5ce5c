// A confidence interval of a ratio from interleaved slices: the runner cuts each trial's window
// into slices that take turns between the sides (A B, B A, A B ...), so slice i of one side and
// slice i of the other ran side by side, within a second of each other. Each such pair's log
// ratio carries the noise of the moment both sides shared, and a drift of the machine over the
// trial shifts both of a pair alike; the spread of the pairs' log ratios is then the spread of
// the ratio itself, drift included (sectioning over pairs: Asmussen & Glynn; the paired design
// of A/B comparisons on noisy hosts).
//
// This is the lower level of the two-level interval: the noise within one launch. Where the
// trials are launches (every server started afresh per trial), two launches or more take the
// interval over launches instead (launch-interval.ts), which holds what differs from one process
// to the next; this one serves a run of one launch.
//
// Several trials that were not launches (the servers kept running between them, as in results
// written before): the pairs of every trial are pooled, and when there are three trials or more
// the spread of the trials' own mean log ratios is taken instead where it is the larger (the
// level that holds the variance decides, Kalibera & Jones).
//
// The point estimate stays the ratio of the whole windows' figures (median over trials): a
// percentile of a short slice is biased, the ratio of two slices' percentiles much less so.
import { logInterval, tQuantile975 } from "./batch-means";
import type { RatioCI, RatioDirection } from "./bootstrap";

/** Pairs below this leave a t quantile so large the interval says little: the caller falls back. */
export const MIN_PAIRS = 4;

/** Trials from which the between-trial spread is also weighed (two give a t of 12.7). */
export const MIN_TRIALS_FOR_TRIAL_SPREAD = 3;

/** One side's figure per slice, per trial (null: the slice held too few calls for it). */
export interface SlicedSide {
  /** The figure over the whole measured window: the median over trials of each trial's. */
  estimate: number;
  /** trials[t][i]: slice i of trial t, paired with slice i of the same trial on the other side. */
  trials: ReadonlyArray<ReadonlyArray<number | null>>;
}

const usable = (v: number | null | undefined): v is number =>
  v !== null && v !== undefined && Number.isFinite(v) && v > 0;

function meanAndVariance(values: readonly number[]): { mean: number; variance: number } {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const variance = values.length < 2 ? 0 : values.reduce((s, v) => s + (v - mean) ** 2, 0) / (values.length - 1);
  return { mean, variance };
}

/** Each trial's log ratios numerator/denominator of the slices both sides have. */
function pairLogRatios(numerator: SlicedSide, denominator: SlicedSide): number[][] {
  return numerator.trials.map((slices, t) => {
    const other = denominator.trials[t] ?? [];
    const logs: number[] = [];
    slices.forEach((value, i) => {
      const against = other[i];
      if (usable(value) && usable(against)) logs.push(Math.log(value) - Math.log(against));
    });
    return logs;
  });
}

/**
 * rest/grpc are the two sides (`rest` the baseline); `ratio` says which is the numerator. Null
 * when fewer than MIN_PAIRS slices pair up, or either estimate is not positive.
 */
export function pairedSlicesRatioCI(rest: SlicedSide, grpc: SlicedSide, ratio: RatioDirection): RatioCI | null {
  if (!(rest.estimate > 0 && grpc.estimate > 0)) return null;
  const [numerator, denominator] = ratio === "rest/grpc" ? [rest, grpc] : [grpc, rest];
  const byTrial = pairLogRatios(numerator, denominator);
  const pooled = byTrial.flat();
  if (pooled.length < MIN_PAIRS) return null;
  const pairs = meanAndVariance(pooled);
  let halfWidth = tQuantile975(pooled.length - 1) * Math.sqrt(pairs.variance / pooled.length);
  const trialMeans = byTrial.filter((logs) => logs.length > 0).map((logs) => meanAndVariance(logs).mean);
  if (trialMeans.length >= MIN_TRIALS_FOR_TRIAL_SPREAD) {
    const between = meanAndVariance(trialMeans);
    halfWidth = Math.max(
      halfWidth,
      tQuantile975(trialMeans.length - 1) * Math.sqrt(between.variance / trialMeans.length),
    );
  }
  return {
    ratio,
    ...logInterval(numerator.estimate / denominator.estimate, halfWidth),
    confidence: 0.95,
    degenerate: false,
    method: "paired-slices",
    pairs: pooled.length,
  };
}

/**
 * How far one side's figure moved from slice to slice: the standard deviation of its log slice
 * figures (0.08 = about 8%), pooled over trials around each trial's own mean; null under two
 * usable slices. What the machine's noise was while the run measured.
 */
export function sliceSpread(trials: ReadonlyArray<ReadonlyArray<number | null>>): number | null {
  let squares = 0;
  let degrees = 0;
  for (const slices of trials) {
    const logs = slices.filter(usable).map(Math.log);
    if (logs.length < 2) continue;
    const { variance } = meanAndVariance(logs);
    squares += variance * (logs.length - 1);
    degrees += logs.length - 1;
  }
  return degrees === 0 ? null : Math.sqrt(squares / degrees);
}
