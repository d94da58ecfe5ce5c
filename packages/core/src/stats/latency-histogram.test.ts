import { describe, expect, it } from "vitest";
import { createLatencyHistogram, decodeLatencyHistogram, encodedLatencyHistogramSchema } from "./latency-histogram";
import { latencySummarySchema } from "./latency-summary";

function histogramOf(latenciesUs: Iterable<number>) {
  const h = createLatencyHistogram();
  for (const us of latenciesUs) h.record(us);
  return h;
}

/** 3 significant digits: hdr is within 0.1% of the exact value (plus our 1 µs rounding). */
function expectWithinHdrPrecision(actualMs: number, exactMs: number) {
  expect(Math.abs(actualMs - exactMs)).toBeLessThanOrEqual(exactMs * 0.001 + 0.001);
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe("LatencyHistogram", () => {
  it("keeps sub-millisecond resolution: 0.3 ms and 0.6 ms samples give different p50", () => {
    const fast = histogramOf(Array(1000).fill(300)).summary();
    const slow = histogramOf(Array(1000).fill(600)).summary();
    expect(fast.p50).toBe(0.3);
    expect(slow.p50).toBe(0.6);
    // Whole milliseconds (autocannon's table) would call both of these 0 or 1 ms.
  });

  it("reports float milliseconds to the microsecond", () => {
    const s = histogramOf([347]).summary();
    expect(s).toMatchObject({ count: 1, p50: 0.347, min: 0.347, max: 0.347, mean: 0.347, stddev: 0 });
  });

  it("matches a known distribution (1..10000 µs uniform) within hdr precision", () => {
    const s = histogramOf(range(1, 10_000)).summary();
    expect(s.count).toBe(10_000);
    expect(s.min).toBe(0.001);
    expectWithinHdrPrecision(s.max, 10);
    expectWithinHdrPrecision(s.p50, 5.0);
    expectWithinHdrPrecision(s.p90, 9.0);
    expectWithinHdrPrecision(s.p95, 9.5);
    expectWithinHdrPrecision(s.p99, 9.9);
    expectWithinHdrPrecision(s.p999, 9.99);
    expectWithinHdrPrecision(s.mean, 5.0);
    expectWithinHdrPrecision(s.stddev, 10 / Math.sqrt(12)); // sd of U(0, 10 ms) ≈ 2.887
    expect(s.p999).toBeLessThanOrEqual(s.max);
    expect(latencySummarySchema.parse(s)).toEqual(s);
  });

  it("rounds fractional µs to the nearest µs, and anything below 1 µs to 1 µs", () => {
    expect(histogramOf([346.6]).summary().p50).toBe(0.347);
    expect(histogramOf([346.4]).summary().p50).toBe(0.346);
    expect(histogramOf([0]).summary().min).toBe(0.001);
    expect(histogramOf([0.2]).summary().count).toBe(1);
  });

  it("rejects latencies that can only be bugs", () => {
    const h = createLatencyHistogram();
    expect(() => h.record(-1)).toThrow(RangeError);
    expect(() => h.record(Number.NaN)).toThrow(RangeError);
    expect(h.count).toBe(0);
  });

  it("tracks a 120 s latency, and grows past it instead of throwing", () => {
    const s = histogramOf([500, 120_000_000, 300_000_000]).summary();
    expectWithinHdrPrecision(s.max, 300_000);
    expect(s.count).toBe(3);
  });

  it("merges trials: the merged summary equals one histogram fed all samples", () => {
    const a = histogramOf(range(1, 5000));
    const b = histogramOf(range(5001, 10_000));
    a.merge(b);
    expect(a.summary()).toEqual(histogramOf(range(1, 10_000)).summary());
    expect(b.count).toBe(5000);
  });

  it("summarises an empty histogram as zeros with count 0 (valid JSON, no NaN)", () => {
    const s = createLatencyHistogram().summary();
    expect(s).toEqual({ count: 0, p50: 0, p90: 0, p95: 0, p99: 0, p999: 0, max: 0, min: 0, mean: 0, stddev: 0 });
    expect(createLatencyHistogram().percentileCurve()).toEqual([]);
  });
});

describe("percentileCurve", () => {
  it("is a monotonic curve from min to max, within the point budget", () => {
    const h = histogramOf(range(1, 10_000));
    const curve = h.percentileCurve();
    expect(curve.length).toBeLessThanOrEqual(100);
    expect(curve[0]).toEqual({ percentile: 0, latencyMs: 0.001 });
    expect(curve.at(-1)).toEqual({ percentile: 100, latencyMs: h.summary().max });
    for (let i = 1; i < curve.length; i++) {
      expect(curve[i]!.latencyMs).toBeGreaterThanOrEqual(curve[i - 1]!.latencyMs);
    }
    const p99 = curve.find((point) => point.percentile === 99);
    expect(p99?.latencyMs).toBe(h.summary().p99);
  });
});

describe("encode / decode", () => {
  it("round-trips the whole distribution through a compact base64 string", () => {
    const original = histogramOf(range(1, 10_000));
    const encoded = original.encode();
    expect(encoded).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(encoded.length).toBeLessThan(20_000);
    const decoded = decodeLatencyHistogram(encoded);
    expect(decoded.summary()).toEqual(original.summary());
    expect(decoded.percentileCurve()).toEqual(original.percentileCurve());
  });

  it("decodes a histogram that had grown past 120 s, and keeps growing after decoding", () => {
    const decoded = decodeLatencyHistogram(histogramOf([300_000_000]).encode());
    expectWithinHdrPrecision(decoded.summary().max, 300_000);
    decoded.record(900_000_000);
    expectWithinHdrPrecision(decoded.summary().max, 900_000);
  });

  it("decoded histograms merge like fresh ones", () => {
    const merged = decodeLatencyHistogram(histogramOf([300]).encode());
    merged.merge(decodeLatencyHistogram(histogramOf([600]).encode()));
    expect(merged.summary()).toMatchObject({ count: 2, min: 0.3, max: 0.6 });
  });

  it("parses through the zod schema, and rejects garbage with a schema error", () => {
    const parsed = encodedLatencyHistogramSchema.parse(histogramOf([347]).encode());
    expect(parsed.summary().p50).toBe(0.347);
    expect(encodedLatencyHistogramSchema.safeParse("not a histogram").success).toBe(false);
    expect(encodedLatencyHistogramSchema.safeParse("").success).toBe(false);
    expect(() => decodeLatencyHistogram("HISTFAAAAC")).toThrow(/not an encoded latency histogram/);
  });
});
