import { describe, expect, it } from "vitest";
import { csvHeader } from "../render/markdown/csv";
import { parseThreshold } from "../render/terminal/thresholds";
import { createLatencyHistogram } from "./latency-histogram";
import { LATENCY_METRICS, PERCENTILE_METRICS, latencyMetricKeys } from "./latency-metrics";
import { EMPTY_LATENCY_SUMMARY, latencySummarySchema } from "./latency-summary";

describe("the latency metric list", () => {
  it("is what a summary holds, in order, and what a histogram fills", () => {
    expect(Object.keys(latencySummarySchema.shape)).toEqual(["count", ...latencyMetricKeys]);
    expect(Object.keys(EMPTY_LATENCY_SUMMARY)).toEqual(["count", ...latencyMetricKeys]);
    const histogram = createLatencyHistogram();
    for (const us of [100, 200, 300, 400, 5000]) histogram.record(us);
    expect(Object.keys(histogram.summary())).toEqual(["count", ...latencyMetricKeys]);
    expect(latencySummarySchema.parse(histogram.summary())).toEqual(histogram.summary());
  });

  it("gives a CSV column and a --threshold metric for every one", () => {
    for (const key of latencyMetricKeys) {
      expect(csvHeader).toContain(`latency_${key}_ms`);
      expect(parseThreshold(`grpc.${key}<1ms`)).toMatchObject({ subject: "grpc", metric: key, value: 1 });
    }
  });

  it("names the percentiles proper for charts and tables, p99.9 written as such", () => {
    expect(PERCENTILE_METRICS.map((m) => m.label)).toEqual(["p50", "p90", "p95", "p99", "p99.9"]);
    expect(LATENCY_METRICS.find((m) => m.key === "p999")?.percentile).toBe(99.9);
  });
});
