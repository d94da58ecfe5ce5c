// Percentile levels for an HDR percentile plot, whose x axis is 1 / (1 - percentile) on a log
// scale (so 90, 99, 99.9 are evenly spaced). Levels are evenly spaced on that axis, a fixed number
// per decade, and stop once the tail is thinner than one sample, since past that point every level
// reads the max. 100 is always last, so the curve ends at the max.

export interface PercentilePoint {
  /** 0..100 */
  percentile: number;
  latencyMs: number;
}

const MAX_POINTS_PER_DECADE = 20;

/** At most maxPoints levels (≥ 2), starting at 0 and ending at 100, for a histogram of totalCount samples. */
export function percentileLevels(totalCount: number, maxPoints = 100): number[] {
  if (totalCount <= 0) return [];
  if (!(Number.isInteger(maxPoints) && maxPoints >= 2)) {
    throw new RangeError(`maxPoints must be an integer >= 2, got ${maxPoints}`);
  }
  // Decades of tail the data can resolve: with 1e6 samples, down to the 99.9999th percentile.
  const decades = Math.max(1, Math.ceil(Math.log10(totalCount)));
  const perDecade = Math.min(MAX_POINTS_PER_DECADE, Math.max(1, Math.floor((maxPoints - 1) / decades)));
  const levels: number[] = [];
  for (let i = 0; levels.length < maxPoints - 1; i++) {
    const tail = 10 ** (-i / perDecade);
    if (tail * totalCount < 1 && i > 0) break;
    levels.push(100 - 10 ** (2 - i / perDecade)); // = 100·(1 - tail), exact at the decade marks
  }
  levels.push(100);
  return levels;
}
