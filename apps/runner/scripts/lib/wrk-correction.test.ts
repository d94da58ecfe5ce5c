import { createLatencyHistogram } from "@relix/core";
import { describe, expect, it } from "vitest";
import { withWrkCorrection } from "./wrk-correction";

describe("wrk's coordinated-omission correction, applied to a Relix histogram", () => {
  // 8 connections, 1 s, 8000 responses: wrk's interval is 1 s / (8000 / 8) = 1000 µs.
  const window = { windowMs: 1_000, responses: 8_000, connections: 8 };

  it("adds L - interval, L - 2 x interval, ... for every latency of at least twice the interval", () => {
    const h = createLatencyHistogram();
    for (let i = 0; i < 7_999; i++) h.record(900);
    h.record(5_000); // adds 4000, 3000, 2000, 1000 µs
    const c = withWrkCorrection(h.encode(), window);
    expect(c.intervalMs).toBe(1);
    expect(c.inflation).toBeCloseTo(8_004 / 8_000, 9);
    expect(c.p50Ms).toBeCloseTo(0.9, 3);
  });

  it("leaves a histogram with no latency above twice the interval as it is", () => {
    const h = createLatencyHistogram();
    for (let i = 0; i < 8_000; i++) h.record(i % 2 ? 800 : 1_900);
    const c = withWrkCorrection(h.encode(), window);
    expect(c.inflation).toBe(1);
    expect(c.meanMs).toBeCloseTo(1.35, 2);
  });

  it("moves the median up when the tail is long", () => {
    const h = createLatencyHistogram();
    for (let i = 0; i < 6_000; i++) h.record(700);
    for (let i = 0; i < 2_000; i++) h.record(6_000); // + 5000, 4000, 3000, 2000, 1000 µs each
    const c = withWrkCorrection(h.encode(), window);
    expect(c.inflation).toBeCloseTo(18_000 / 8_000, 6);
    // 6000 x 0.7 ms, then 2000 each of 1, 2, ... 6 ms: the 9000th value is 2 ms (measured p50: 0.7 ms)
    expect(c.p50Ms).toBeCloseTo(2, 2);
  });
});
