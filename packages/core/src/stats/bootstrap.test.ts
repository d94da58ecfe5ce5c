import { describe, expect, it } from "vitest";
import { bootstrapRatioCI } from "./bootstrap";

// p50 per trial, in ms
const slow = [14.1, 15.0, 15.8, 15.4, 14.6];
const fast = [10.0, 10.5, 9.8, 10.2, 10.1];
const noisyA = [10.0, 12.1, 9.0, 11.2, 10.6];
const noisyB = [10.3, 11.5, 9.4, 10.9, 10.0];

describe("bootstrapRatioCI", () => {
  it("collapses to the point when every trial on each side is identical", () => {
    const ci = bootstrapRatioCI([2, 2, 2], [1, 1, 1], { ratio: "rest/grpc" });
    expect(ci).toMatchObject({ estimate: 2, low: 2, high: 2, degenerate: false });
  });

  it("excludes 1 for clearly separated samples, with the estimate inside the CI", () => {
    const ci = bootstrapRatioCI(slow, fast, { ratio: "rest/grpc" });
    expect(ci.estimate).toBeCloseTo(15.0 / 10.1, 10);
    expect(ci.low).toBeGreaterThan(1);
    expect(ci.low).toBeLessThanOrEqual(ci.estimate);
    expect(ci.high).toBeGreaterThanOrEqual(ci.estimate);
  });

  it("includes 1 for overlapping noisy samples", () => {
    const ci = bootstrapRatioCI(noisyA, noisyB, { ratio: "rest/grpc" });
    expect(ci.low).toBeLessThan(1);
    expect(ci.high).toBeGreaterThan(1);
  });

  it("inverts exactly when the direction is flipped", () => {
    const restOverGrpc = bootstrapRatioCI(slow, fast, { ratio: "rest/grpc", iterations: 1 });
    const grpcOverRest = bootstrapRatioCI(slow, fast, { ratio: "grpc/rest", iterations: 1 });
    expect(grpcOverRest.estimate).toBeCloseTo(1 / restOverGrpc.estimate, 12);
    const full = bootstrapRatioCI(slow, fast, { ratio: "grpc/rest" });
    expect(full.high).toBeLessThan(1);
  });

  it("gives the same interval every time for the same data", () => {
    const a = bootstrapRatioCI(noisyA, noisyB, { ratio: "rest/grpc" });
    const b = bootstrapRatioCI(noisyA, noisyB, { ratio: "rest/grpc" });
    expect(a).toEqual(b);
  });

  it("widens with the confidence level", () => {
    const ci90 = bootstrapRatioCI(noisyA, noisyB, { ratio: "rest/grpc", confidence: 0.9 });
    const ci99 = bootstrapRatioCI(noisyA, noisyB, { ratio: "rest/grpc", confidence: 0.99 });
    expect(ci99.low).toBeLessThanOrEqual(ci90.low);
    expect(ci99.high).toBeGreaterThanOrEqual(ci90.high);
    expect(ci90.confidence).toBe(0.9);
  });

  it("with one trial on a side returns the point and flags it as degenerate", () => {
    const ci = bootstrapRatioCI([1.42], fast, { ratio: "rest/grpc" });
    expect(ci.degenerate).toBe(true);
    expect(ci.low).toBe(ci.estimate);
    expect(ci.high).toBe(ci.estimate);
    expect(ci.estimate).toBeCloseTo(1.42 / 10.1, 12);
  });

  it("refuses inputs that would make a meaningless ratio", () => {
    expect(() => bootstrapRatioCI([], fast, { ratio: "rest/grpc" })).toThrow(/REST/);
    expect(() => bootstrapRatioCI(slow, [0, 1], { ratio: "rest/grpc" })).toThrow(/gRPC/);
    expect(() => bootstrapRatioCI(slow, fast, { ratio: "rest/grpc", confidence: 95 })).toThrow(RangeError);
    expect(() => bootstrapRatioCI(slow, fast, { ratio: "rest/grpc", iterations: 0 })).toThrow(RangeError);
  });
});
