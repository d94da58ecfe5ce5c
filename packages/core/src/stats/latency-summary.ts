// The one latency summary both protocols are reported in. Histograms store integer microseconds;
// summaries are float milliseconds rounded to the microsecond (0.347), so a sub-millisecond result
// stays visible. autocannon's own table is whole milliseconds and would print 0 or 1 here.
import { z } from "zod";
import { latencyMetricKeys, type LatencyMetric } from "./latency-metrics";

const ms = z.number().nonnegative();

export const latencySummarySchema = z.object({
  /** Successful requests recorded; errors are left out of latency on both sides. */
  count: z.number().int().nonnegative(),
  ...(Object.fromEntries(latencyMetricKeys.map((key) => [key, ms])) as Record<LatencyMetric, typeof ms>),
});
export type LatencySummary = z.infer<typeof latencySummarySchema>;

/** µs -> ms, kept to whole microseconds so a mean does not print as 0.34712345. */
export function usToMs(us: number): number {
  return Math.round(us) / 1000;
}

/** What a summary of no samples looks like: zeros (JSON has no NaN), told apart by count 0. */
export const EMPTY_LATENCY_SUMMARY: LatencySummary = Object.freeze({
  count: 0,
  ...(Object.fromEntries(latencyMetricKeys.map((key) => [key, 0])) as Record<LatencyMetric, number>),
});
