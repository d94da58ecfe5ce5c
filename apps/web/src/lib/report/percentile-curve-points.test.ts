import { describe, expect, it } from "vitest";
import { createLatencyHistogram } from "@relix/core/stats/latency-histogram";
import { curvePoints, histogramCurve, percentileTickLabel } from "./percentile-curve-points";

describe("histogram -> percentile curve points", () => {
  it("decodes an encoded histogram into points with x = 1/(1-p), ending at the max", () => {
    const h = createLatencyHistogram();
    for (let us = 1; us <= 10_000; us++) h.record(us);
    const points = histogramCurve(h.encode())!;
    expect(points.length).toBeGreaterThan(10);
    expect(points.length).toBeLessThanOrEqual(80);
    expect(points[0]).toMatchObject({ x: 1, percentile: 0 });
    const p99 = points.find((p) => p.percentile === 99)!;
    expect(p99.x).toBeCloseTo(100, 6);
    expect(p99.latencyMs).toBe(h.summary().p99);
    expect(points.at(-1)).toMatchObject({ percentile: 100, latencyMs: h.summary().max });
    for (let i = 1; i < points.length; i++) {
      expect(points[i]!.x).toBeGreaterThan(points[i - 1]!.x);
      expect(points[i]!.latencyMs).toBeGreaterThanOrEqual(points[i - 1]!.latencyMs);
    }
  });

  it("places the max past the last finite level even for tiny samples", () => {
    const points = curvePoints(
      [
        { percentile: 0, latencyMs: 1 },
        { percentile: 90, latencyMs: 2 },
        { percentile: 100, latencyMs: 3 },
      ],
      5,
    );
    expect(points.map((p) => p.x)).toEqual([1, 10, 12.5]);
  });

  it("returns null for a string that is not a histogram", () => {
    expect(histogramCurve("definitely not base64 hdr")).toBeNull();
  });

  it("labels the log axis in percentiles", () => {
    expect([2, 10, 100, 1000, 10_000].map(percentileTickLabel)).toEqual(["p50", "p90", "p99", "p99.9", "p99.99"]);
  });
});
