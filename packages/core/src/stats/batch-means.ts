// A confidence interval of the gRPC/REST ratio from one trial, by batch means (sectioning).
//
// Successive requests of one run are not independent (a GC pause or a slow Redis reply delays
// every request queued behind it), so treating n samples as n independent draws would give an
// interval far too narrow. Cutting the window into B consecutive sub-windows of equal length and
// computing the figure once per sub-window gives B estimates whose correlation fades with their
// length; their spread says how much the whole-window figure would move from run to run.
// The point estimate stays the whole window's figure (sectioning, Asmussen & Glynn): a quantile
// of a short batch is biased, its spread much less so.
//
// The two protocols run one after the other, so their batches are independent of each other:
// log(ratio) = log(numerator) - log(denominator) has variance se_n^2 + se_d^2, each from the
// spread of the log batch figures, and the interval is exp(log ratio ± t * se) with Welch's
// degrees of freedom (rounded down, which widens the interval a little).
import type { RatioCI, RatioDirection } from "./bootstrap";

/** A sub-window count below this leaves a t quantile so large the interval says little. */
export const MIN_BATCHES = 5;

// Two-sided 95% Student t quantiles, df 1..30; beyond 30 the normal value is close enough.
const T_975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11,
  2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

/** estimate x exp(±halfWidth): an interval symmetric around the estimate in log space. */
export function logInterval(estimate: number, halfWidth: number): { estimate: number; low: number; high: number } {
  return { estimate, low: estimate * Math.exp(-halfWidth), high: estimate * Math.exp(halfWidth) };
}

export function tQuantile975(df: number): number {
  if (!(df >= 1)) throw new RangeError(`degrees of freedom must be >= 1, got ${df}`);
  const whole = Math.floor(df);
  return whole <= T_975.length ? T_975[whole - 1]! : 1.96;
}

function logSpread(side: string, batches: readonly number[]): { variance: number; n: number } {
  if (batches.some((v) => !(Number.isFinite(v) && v > 0))) {
    throw new RangeError(`${side}: batch values must be finite and > 0, got [${batches.join(", ")}]`);
  }
  const logs = batches.map(Math.log);
  const mean = logs.reduce((a, b) => a + b, 0) / logs.length;
  const variance = logs.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (logs.length - 1);
  return { variance: variance / logs.length, n: logs.length };
}

export interface BatchSide {
  /** The figure over the whole window (the point estimate). */
  estimate: number;
  /** The same figure per sub-window, in time order. */
  batches: readonly number[];
}

/**
 * rest/grpc are the two sides; `ratio` says which is the numerator. Null when a side has fewer
 * than MIN_BATCHES usable sub-windows (the window was too short for this figure).
 */
export function batchMeansRatioCI(rest: BatchSide, grpc: BatchSide, ratio: RatioDirection): RatioCI | null {
  if (rest.batches.length < MIN_BATCHES || grpc.batches.length < MIN_BATCHES) return null;
  if (!(rest.estimate > 0 && grpc.estimate > 0)) return null;
  const [numerator, denominator] = ratio === "rest/grpc" ? [rest, grpc] : [grpc, rest];
  const a = logSpread(ratio === "rest/grpc" ? "REST" : "gRPC", numerator.batches);
  const b = logSpread(ratio === "rest/grpc" ? "gRPC" : "REST", denominator.batches);
  const variance = a.variance + b.variance;
  const estimate = numerator.estimate / denominator.estimate;
  // Welch-Satterthwaite; with no spread at all on both sides any df gives a zero-width interval.
  const df =
    variance === 0 ? Infinity : variance ** 2 / (a.variance ** 2 / (a.n - 1) + b.variance ** 2 / (b.n - 1) || 1e-300);
  const halfWidth = tQuantile975(Math.max(1, df)) * Math.sqrt(variance);
  return {
    ratio,
    ...logInterval(estimate, halfWidth),
    confidence: 0.95,
    degenerate: false,
    method: "batch-means",
    batches: Math.min(a.n, b.n),
  };
}
