// A confidence interval of a ratio over launches: each trial starts every server process afresh,
// so each trial carries its own JIT state, heap layout and core placement. Kalibera and Jones find
// that the variance of a managed runtime's figures lives largely at that level, and no slice inside
// one launch can see it: every slice of a launch shares its process. So the replicate is the
// launch. Each launch gives one log ratio (its whole-window figures, one side against the other,
// measured in the same launch in rotated order), and the interval is Student's t over those log
// ratios with launches - 1 degrees of freedom: the two-level design's upper level, which already
// holds the lower level's (slice) noise in each launch's figure.
//
// The point estimate is exp(mean log ratio), the interval's centre, so the estimate never sits
// off-centre in an interval computed around something else.
import { logInterval, tQuantile975 } from "./batch-means";
import type { RatioCI, RatioDirection } from "./bootstrap";

/** Launches below this leave no spread to measure: the caller falls back to one launch's interval. */
export const MIN_LAUNCHES = 2;

const usable = (v: number | undefined): v is number => v !== undefined && Number.isFinite(v) && v > 0;

/** Each launch's log ratio numerator / denominator, for the launches where both sides have a figure. */
function launchLogRatios(numerator: readonly number[], denominator: readonly number[]): number[] {
  const logs: number[] = [];
  numerator.forEach((value, launch) => {
    const against = denominator[launch];
    if (usable(value) && usable(against)) logs.push(Math.log(value) - Math.log(against));
  });
  return logs;
}

/**
 * rest/grpc: each side's whole-window figure per launch, index i of both the same launch (`rest`
 * the baseline side); `ratio` says which is the numerator. Null under MIN_LAUNCHES launches with a
 * figure on both sides.
 */
export function launchRatioCI(rest: readonly number[], grpc: readonly number[], ratio: RatioDirection): RatioCI | null {
  const [numerator, denominator] = ratio === "rest/grpc" ? [rest, grpc] : [grpc, rest];
  const logs = launchLogRatios(numerator, denominator);
  if (logs.length < MIN_LAUNCHES) return null;
  const mean = logs.reduce((a, b) => a + b, 0) / logs.length;
  const variance = logs.reduce((s, v) => s + (v - mean) ** 2, 0) / (logs.length - 1);
  const halfWidth = tQuantile975(logs.length - 1) * Math.sqrt(variance / logs.length);
  return {
    ratio,
    ...logInterval(Math.exp(mean), halfWidth),
    confidence: 0.95,
    degenerate: false,
    method: "launches",
    launches: logs.length,
  };
}
