// Quantiles with linear interpolation between closest ranks (the R-7 / numpy default).
// Interpolating matters here: with 3-5 trials per protocol, picking a nearest rank would
// make the median and the CI bounds jump between trial values instead of moving smoothly.

function assertUsable(values: readonly number[]): void {
  if (values.length === 0) throw new RangeError("quantile of an empty list is undefined");
  if (values.some((v) => !Number.isFinite(v))) {
    throw new RangeError("quantile needs finite numbers (got NaN or Infinity)");
  }
}

/** q in [0, 1] over values already sorted ascending; the bootstrap calls this in a hot loop. */
export function quantileSorted(sorted: readonly number[], q: number): number {
  if (!(q >= 0 && q <= 1)) throw new RangeError(`quantile q must be in [0, 1], got ${q}`);
  if (sorted.length === 0) throw new RangeError("quantile of an empty list is undefined");
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  const lower = sorted[below]!;
  const upper = sorted[above]!;
  return lower + (upper - lower) * (position - below);
}

/** q in [0, 1]; does not reorder the caller's array. */
export function quantile(values: readonly number[], q: number): number {
  assertUsable(values);
  return quantileSorted(
    [...values].sort((a, b) => a - b),
    q,
  );
}

export function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}
