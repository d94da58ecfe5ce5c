// The ratio convention every comparison in Relix uses: a "speedup" > 1 always means gRPC did better.
//   latency metrics (lower is better):  speedup = REST latency / gRPC latency
//   throughput (higher is better):      speedup = gRPC rps / REST rps
//   capacity (higher is better):        speedup = gRPC calls per core-second / REST's
// Keeping one direction means the verdict, the UI and stored results never disagree on what
// 1.4 means. Build speedup CIs with speedupCI, not by picking a direction at each call site.
import { batchMeansRatioCI, type BatchSide } from "./batch-means";
import { bootstrapRatioCI, type BootstrapOptions, type RatioCI, type RatioDirection } from "./bootstrap";
import { launchRatioCI } from "./launch-interval";
import { pairedSlicesRatioCI, type SlicedSide } from "./paired-slices";
import { sampleBootstrapRatioCI, type SampleSide } from "./sample-bootstrap";

/**
 * What each cell compares between the protocols, in report order: latency at p50 and p99, the
 * throughput reached, and capacity, the calls one server core serves per second (the inverse of
 * the server's CPU time per call), a figure of the server alone that no queueing moves.
 */
export const COMPARED_METRICS = ["p50", "p99", "rps", "capacity"] as const;
export type ComparedMetric = (typeof COMPARED_METRICS)[number];

/** The metrics where more is better: their ratio is gRPC over REST, so above 1 still favours gRPC. */
const HIGHER_IS_BETTER: ReadonlySet<ComparedMetric> = new Set(["rps", "capacity"]);

export function ratioDirectionFor(metric: ComparedMetric): RatioDirection {
  return HIGHER_IS_BETTER.has(metric) ? "grpc/rest" : "rest/grpc";
}

/**
 * Calls per second one server core serves, from the server's CPU time per 1,000 calls (ms): 0 when
 * that is unknown or zero, which leaves capacity out of the comparison as a failed side would.
 */
export function callsPerCoreSecond(cpuMsPer1000: number | null | undefined): number {
  return cpuMsPer1000 !== null && cpuMsPer1000 !== undefined && cpuMsPer1000 > 0 ? 1_000_000 / cpuMsPer1000 : 0;
}

/** restValues / grpcValues: that metric's value per trial (ms for latency, requests/s for rps, calls per core-second for capacity). */
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

/** Trials that were launches: the interval over the launches' log ratios, or null under two launches. */
export function launchSpeedupCI(
  metric: ComparedMetric,
  restValues: readonly number[],
  grpcValues: readonly number[],
): RatioCI | null {
  return launchRatioCI(restValues, grpcValues, ratioDirectionFor(metric));
}

/** Interleaved trials: the interval from the paired slices, or null when too few pair up. */
export function pairedSpeedupCI(metric: ComparedMetric, rest: SlicedSide, grpc: SlicedSide): RatioCI | null {
  return pairedSlicesRatioCI(rest, grpc, ratioDirectionFor(metric));
}
