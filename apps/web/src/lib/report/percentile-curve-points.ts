import { decodeLatencyHistogram } from "@relix/shared/stats/latency-histogram";

// Encoded HDR histogram -> points of a percentile plot. The x axis is "1 in N" (N = 1/(1-p)),
// drawn on a log scale so p50, p90, p99, p99.9 are evenly spaced and the tail is visible. The
// 100th percentile (the max) has no finite N: it is placed at N = sample count, where the data
// stops resolving the tail, and at least one step past the previous point.

export interface CurvePoint {
  /** 1 / (1 - percentile/100) */
  x: number;
  percentile: number;
  latencyMs: number;
}

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

/** Tick positions for the "1 in N" axis and how to label them as percentiles. */
export const CURVE_TICKS = [1, 2, 10, 100, 1_000, 10_000, 100_000, 1_000_000];

export function percentileTickLabel(x: number): string {
  if (x <= 1) return "p0";
  const p = 100 * (1 - 1 / x);
  const text = p >= 99 ? p.toFixed(Math.max(0, Math.round(Math.log10(x)) - 2)) : String(Math.round(p));
  return `p${text}`;
}
