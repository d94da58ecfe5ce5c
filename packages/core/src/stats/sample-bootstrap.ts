// A confidence interval of a p50 ratio from one trial whose window holds too few calls for batch
// means (under five sub-windows of 20): a percentile bootstrap of the ratio of the two sides'
// medians, each side's calls resampled on their own (the protocols run one after the other).
//
// Resampling calls treats them as independent draws, which batch-means.ts refuses to do for a
// window of thousands of fast calls: there neighbours share a GC pause or a slow cache reply. A
// window this thin is a handful of slow calls at low concurrency, each taking long next to the
// disturbances that tie neighbours together, so they are close to independent. The interval that
// comes out is wide, and that is the honest answer from so few calls. Only the median: a p99 of a
// few dozen calls is their slowest one or two, and no resampling makes that an estimate.
import { bootstrapRatioCI, type RatioCI, type RatioDirection } from "./bootstrap";

/**
 * Calls each side needs before the bootstrap is used. The distribution-free 95% interval of a
 * median needs at least 6 calls even to exist (with fewer, min..max covers it less than 95% of the
 * time); from 10 on it stops at inner calls (the 2nd and 9th of 10), so the resampled medians are
 * not simply the window's extremes and the interval says something about the middle.
 */
export const MIN_SAMPLES_FOR_BOOTSTRAP = 10;

export interface SampleSide {
  /** The whole window's median (the point estimate, the same figure the summary shows). */
  estimate: number;
  /** Successful calls' latencies of the window (all, or an evenly spread subset of them). */
  samples: readonly number[];
  /** Successful calls of the window; the number of samples when not given. */
  calls?: number;
}

/**
 * rest/grpc are the two sides; `ratio` says which is the numerator. Null when a side has fewer
 * than MIN_SAMPLES_FOR_BOOTSTRAP samples (the verdict then falls back to the point estimate).
 * Seeded like every bootstrap here, so the same result always prints the same interval.
 */
export function sampleBootstrapRatioCI(rest: SampleSide, grpc: SampleSide, ratio: RatioDirection): RatioCI | null {
  if (rest.samples.length < MIN_SAMPLES_FOR_BOOTSTRAP || grpc.samples.length < MIN_SAMPLES_FOR_BOOTSTRAP) return null;
  if (!(rest.estimate > 0 && grpc.estimate > 0)) return null;
  const [numerator, denominator] = ratio === "rest/grpc" ? [rest, grpc] : [grpc, rest];
  const estimate = numerator.estimate / denominator.estimate;
  const resampled = bootstrapRatioCI(rest.samples, grpc.samples, { ratio });
  // The window's median comes from its histogram (the lower of the two middle calls, to 0.1%), the
  // resampled ones interpolate between the middle calls; with a dozen calls the two can differ by
  // a little, and an interval that left out its own estimate would read as a contradiction.
  return {
    ratio,
    estimate,
    low: Math.min(resampled.low, estimate),
    high: Math.max(resampled.high, estimate),
    confidence: resampled.confidence,
    degenerate: false,
    method: "sample-bootstrap",
    samples: { rest: rest.calls ?? rest.samples.length, grpc: grpc.calls ?? grpc.samples.length },
  };
}
