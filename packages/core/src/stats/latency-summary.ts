// The one latency summary both protocols are reported in. Histograms store integer microseconds;
// summaries are float milliseconds rounded to the microsecond (0.347), so a sub-millisecond result
// stays visible. autocannon's own table is whole milliseconds and would print 0 or 1 here.
import { z } from "zod";

const ms = z.number().nonnegative();

export const latencySummarySchema = z.object({
  /** Successful requests recorded; errors are left out of latency on both sides. */
  count: z.number().int().nonnegative(),
  p50: ms,
  p90: ms,
  p95: ms,
  p99: ms,
  p999: ms,
  max: ms,
  min: ms,
  mean: ms,
  stddev: ms,
});
export type LatencySummary = z.infer<typeof latencySummarySchema>;

/** µs -> ms, kept to whole microseconds so a mean does not print as 0.34712345. */
export function usToMs(us: number): number {
  return Math.round(us) / 1000;
}

/** What a summary of no samples looks like: zeros (JSON has no NaN), told apart by count 0. */
export const EMPTY_LATENCY_SUMMARY: LatencySummary = Object.freeze({
  count: 0,
  p50: 0,
  p90: 0,
  p95: 0,
  p99: 0,
  p999: 0,
  max: 0,
  min: 0,
  mean: 0,
  stddev: 0,
});
