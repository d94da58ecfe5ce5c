// The ratio convention every comparison in Relix uses: a "speedup" > 1 always means gRPC did better.
//   latency metrics (lower is better):  speedup = REST latency / gRPC latency
//   throughput (higher is better):      speedup = gRPC rps / REST rps
// Keeping one direction means the verdict, the UI and stored results never disagree on what
// 1.4 means. Build speedup CIs with speedupCI, not by picking a direction at each call site.
import { batchMeansRatioCI, type BatchSide } from "./batch-means";
import { bootstrapRatioCI, type BootstrapOptions, type RatioCI, type RatioDirection } from "./bootstrap";
import { pairedSlicesRatioCI, type SlicedSide } from "./paired-slices";
import { sampleBootstrapRatioCI, type SampleSide } from "./sample-bootstrap";

/** What each cell compares between the protocols, in report order. */
export const COMPARED_METRICS = ["p50", "p99", "rps"] as const;
export type ComparedMetric = (typeof COMPARED_METRICS)[number];

export function ratioDirectionFor(metric: ComparedMetric): RatioDirection {
  return metric === "rps" ? "grpc/rest" : "rest/grpc";
}

/** restValues / grpcValues: that metric's value per trial (ms for latency, requests/s for rps). */
export function speedupCI(
  metric: ComparedMetric,
  restValues: readonly number[],
  grpcValues: readonly number[],
  options: Omit<BootstrapOptions, "ratio"> = {},
): RatioCI {
  return bootstrapRatioCI(restValues, grpcValues, { ...options, ratio: ratioDirectionFor(metric) });
}

/** One trial: the interval from sub-windows of each side's window, or null when they are too few. */
export function batchSpeedupCI(metric: ComparedMetric, rest: BatchSide, grpc: BatchSide): RatioCI | null {
  return batchMeansRatioCI(rest, grpc, ratioDirectionFor(metric));
}

/**
 * One trial too thin for batch means on p50: the interval from each side's calls, or null when
 * they are too few. p50 only: a p99 of a few dozen calls is no estimate (sample-bootstrap.ts).
 */
export function sampleSpeedupCI(metric: "p50", rest: SampleSide, grpc: SampleSide): RatioCI | null {
  return sampleBootstrapRatioCI(rest, grpc, ratioDirectionFor(metric));
}

/** Interleaved trials: the interval from the paired slices, or null when too few pair up. */
export function pairedSpeedupCI(metric: ComparedMetric, rest: SlicedSide, grpc: SlicedSide): RatioCI | null {
  return pairedSlicesRatioCI(rest, grpc, ratioDirectionFor(metric));
}
