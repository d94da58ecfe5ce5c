// The "1 in N" percentile axis of the HDR plot, shared by the server (which computes the points)
// and the chart in the browser (which labels the ticks). No histogram code here: it stays server-side.

export interface CurvePoint {
  /** 1 / (1 - percentile/100) */
  x: number;
  percentile: number;
  latencyMs: number;
}

/** Tick positions for the "1 in N" axis and how to label them as percentiles. */
export const CURVE_TICKS = [1, 2, 10, 100, 1_000, 10_000, 100_000, 1_000_000];

export function percentileTickLabel(x: number): string {
  if (x <= 1) return "p0";
  const p = 100 * (1 - 1 / x);
  const text = p >= 99 ? p.toFixed(Math.max(0, Math.round(Math.log10(x)) - 2)) : String(Math.round(p));
  return `p${text}`;
}
