import type { LinePoint, SweepAxisView } from "@/lib/report/sweep-rows";
import { speedupTicks } from "../axis";

/** Powers of ten around the swept values, plus the values themselves when there are few. */
function logTicks(values: readonly number[]): number[] {
  if (values.length <= 6) return [...values];
  const low = Math.floor(Math.log10(Math.min(...values)));
  const high = Math.ceil(Math.log10(Math.max(...values)));
  return Array.from({ length: high - low + 1 }, (_, i) => 10 ** (low + i));
}

/** The swept value's log axis (ticks, and a domain wide enough for every point and tick) and the speedup's ticks. */
export function sweepLineScale(axis: SweepAxisView, points: readonly LinePoint[]) {
  const xs = points.map((p) => p.x);
  const ticks = logTicks(axis.values.map(Number));
  const domain: [number, number] = [Math.min(...xs, ...ticks), Math.max(...xs, ...ticks)];
  const yTicks = speedupTicks(Math.max(1.2, ...points.map((p) => p.high ?? p.speedup ?? 1)));
  return { ticks, domain, yTicks };
}
