import { describe, expect, it } from "vitest";
import { appendSample, emptySeries, type LiveSeries } from "./live-series";

const sample = (
  second: number,
  requests = 1000,
  over: Partial<{ p50Ms: number; p99Ms: number; errors: number; warmup: boolean }> = {},
) => ({
  second,
  requests,
  errors: over.errors ?? 0,
  p50Ms: over.p50Ms ?? 0.5,
  p99Ms: over.p99Ms ?? 2,
  warmup: over.warmup ?? false,
});

function feed(seconds: number, cap: number): LiveSeries {
  let series = emptySeries();
  for (let s = 0; s < seconds; s++) series = appendSample(series, sample(s, 1000 + s), cap);
  return series;
}

describe("appendSample", () => {
  it("keeps one point per second while under the cap", () => {
    const series = feed(10, 240);
    expect(series.points).toHaveLength(10);
    expect(series.points[3]).toMatchObject({ second: 3, span: 1, rps: 1003, p50Ms: 0.5 });
  });

  it("stays within the cap for a 5-minute cell, covering every second exactly once", () => {
    const series = feed(300, 100);
    expect(series.points.length).toBeLessThanOrEqual(100);
    expect(series.points[0]!.second).toBe(0);
    const covered = series.points.reduce((sum, p) => sum + p.span, 0);
    expect(covered).toBe(300);
    for (let i = 1; i < series.points.length; i++) {
      const previous = series.points[i - 1]!;
      expect(series.points[i]!.second).toBe(previous.second + previous.span);
    }
  });

  it("keeps throughput as requests per second when points merge, and never hides a p99 spike", () => {
    let series = emptySeries();
    for (let s = 0; s < 5; s++) series = appendSample(series, sample(s, 1000, { p99Ms: s === 3 ? 40 : 2 }), 4);
    expect(series.width).toBe(2);
    const total = series.points.reduce((sum, p) => sum + p.rps * p.span, 0);
    expect(total).toBe(5000);
    expect(Math.max(...series.points.map((p) => p.p99Ms))).toBe(40);
  });

  it("ignores a replayed second after a reconnect", () => {
    const once = appendSample(appendSample(emptySeries(), sample(0)), sample(1));
    const twice = appendSample(once, sample(1, 5));
    expect(twice).toBe(once);
  });

  it("does not merge warm-up seconds into measured ones", () => {
    let series: LiveSeries = { width: 4, points: [] };
    series = appendSample(series, sample(0, 100, { warmup: true }));
    series = appendSample(series, sample(1, 100, { warmup: false }));
    expect(series.points.map((p) => p.warmup)).toEqual([true, false]);
  });
});
