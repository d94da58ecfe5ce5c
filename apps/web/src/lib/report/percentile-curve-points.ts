import { decodeLatencyHistogram } from "@relix/core/stats/latency-histogram";
import type { CurvePoint } from "./percentile-axis";

export { CURVE_TICKS, percentileTickLabel, type CurvePoint } from "./percentile-axis";

// Encoded HDR histogram -> points of a percentile plot. The x axis is "1 in N" (N = 1/(1-p)),
// drawn on a log scale so p50, p90, p99, p99.9 are evenly spaced and the tail is visible. The
// 100th percentile (the max) has no finite N: it is placed at N = sample count, where the data
// stops resolving the tail, and at least one step past the previous point.

export function curvePoints(curve: readonly { percentile: number; latencyMs: number }[], count: number): CurvePoint[] {
  const out: CurvePoint[] = [];
  for (const point of curve) {
    const previous = out.at(-1);
    let x = point.percentile >= 100 ? Math.max(count, 1) : 1 / (1 - point.percentile / 100);
    if (previous && x <= previous.x) x = previous.x * 1.25;
    out.push({ x: Number(x.toPrecision(6)), percentile: point.percentile, latencyMs: point.latencyMs });
  }
  return out;
}

/** null when the string is not a histogram (an imported result from a broken tool, say). */
export function histogramCurve(encoded: string, maxPoints = 80): CurvePoint[] | null {
  try {
    const histogram = decodeLatencyHistogram(encoded);
    return curvePoints(histogram.percentileCurve(maxPoints), histogram.count);
  } catch {
    return null;
  }
}
