// Per-second samples -> a bounded series. A 5-minute cell sends 300 samples per protocol; a run
// of many cells sends thousands. The page keeps at most `cap` points per series: when a series
// would grow past it, neighbouring points are merged pairwise and later samples fill buckets of
// the doubled width, so memory stays flat however long the run is.

export interface LivePoint {
  /** First second this point covers (the runner's `second`, within one cell). */
  second: number;
  /** Seconds merged into this point (1 until the series has been downsampled). */
  span: number;
  /** Requests completed per second, averaged over the span. */
  rps: number;
  /** Errors per second, averaged over the span. */
  errorsPerSecond: number;
  /** Request-weighted mean of the per-second medians (an approximation once merged). */
  p50Ms: number;
  /** The worst per-second p99 in the span: merging never hides a spike. */
  p99Ms: number;
  warmup: boolean;
}

export interface LiveSeries {
  /** Bucket width in seconds new samples are merged into (doubles at each downsampling). */
  width: number;
  points: LivePoint[];
}

export interface SampleInput {
  second: number;
  requests: number;
  errors: number;
  p50Ms: number;
  p99Ms: number;
  warmup: boolean;
}

export const DEFAULT_POINT_CAP = 240;

export const emptySeries = (): LiveSeries => ({ width: 1, points: [] });

export function mergePoints(a: LivePoint, b: LivePoint): LivePoint {
  const span = a.span + b.span;
  const requestsA = a.rps * a.span;
  const requestsB = b.rps * b.span;
  const requests = requestsA + requestsB;
  const p50Ms = requests > 0 ? (a.p50Ms * requestsA + b.p50Ms * requestsB) / requests : (a.p50Ms + b.p50Ms) / 2;
  return {
    second: Math.min(a.second, b.second),
    span,
    rps: requests / span,
    errorsPerSecond: (a.errorsPerSecond * a.span + b.errorsPerSecond * b.span) / span,
    p50Ms,
    p99Ms: Math.max(a.p99Ms, b.p99Ms),
    warmup: a.warmup && b.warmup,
  };
}

function pointOf(sample: SampleInput): LivePoint {
  return {
    second: sample.second,
    span: 1,
    rps: sample.requests,
    errorsPerSecond: sample.errors,
    p50Ms: sample.p50Ms,
    p99Ms: sample.p99Ms,
    warmup: sample.warmup,
  };
}

function halve(points: readonly LivePoint[]): LivePoint[] {
  const out: LivePoint[] = [];
  for (let i = 0; i < points.length; i += 2) {
    const a = points[i]!;
    const b = points[i + 1];
    out.push(b ? mergePoints(a, b) : a);
  }
  return out;
}

/** Returns a new series with the sample added; never mutates `series`. */
export function appendSample(series: LiveSeries, sample: SampleInput, cap = DEFAULT_POINT_CAP): LiveSeries {
  const points = series.points;
  const last = points.at(-1);
  // A replayed second (after a reconnect) is already here: keep what we have.
  if (last && sample.second >= last.second && sample.second < last.second + last.span) return series;
  if (last && sample.second < last.second) {
    // Out of order (should not happen over one SSE stream): ignore rather than corrupt the line.
    return series;
  }
  const point = pointOf(sample);
  let next: LivePoint[];
  if (last && last.span < series.width && sample.second === last.second + last.span && last.warmup === sample.warmup) {
    next = points.slice(0, -1);
    next.push(mergePoints(last, point));
  } else {
    next = points.slice();
    next.push(point);
  }
  if (next.length <= cap) return { width: series.width, points: next };
  return { width: series.width * 2, points: halve(next) };
}
