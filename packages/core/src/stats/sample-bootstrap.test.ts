import { describe, expect, it } from "vitest";
import { median } from "./median";
import { MIN_SAMPLES_FOR_BOOTSTRAP, sampleBootstrapRatioCI } from "./sample-bootstrap";
import { mulberry32, type Random } from "./seeded-random";
import { sampleSpeedupCI } from "./speedup";
import { structuredVerdictFor, verdictFor } from "../render/verdicts/verdict-text";

/** n lognormal latencies (ms) around `medianMs`, log spread 0.3: slow calls, each its own draw. */
function slowCalls(random: Random, n: number, medianMs: number): number[] {
  return Array.from({ length: n }, () => {
    const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    return medianMs * Math.exp(0.3 * normal);
  });
}

const side = (samples: number[]) => ({ estimate: median(samples), samples });

describe("p50 interval of a window too thin for sub-windows", () => {
  it("excludes 1 for a clear 3x difference between 14 and 12 calls, yet names no winner on one block per side", () => {
    const random = mulberry32(1);
    const rest = slowCalls(random, 14, 300);
    const grpc = slowCalls(random, 12, 100);
    const ci = sampleSpeedupCI("p50", side(rest), side(grpc))!;
    expect(ci).toMatchObject({ method: "sample-bootstrap", degenerate: false, samples: { rest: 14, grpc: 12 } });
    expect(ci.low).toBeGreaterThan(1);
    expect(ci.low).toBeLessThanOrEqual(ci.estimate);
    expect(ci.high).toBeGreaterThanOrEqual(ci.estimate);
    // Wide, as a dozen calls should give: not a tight band around 3.
    expect(ci.high / ci.low).toBeGreaterThan(1.3);
    const verdict = structuredVerdictFor({ metric: "p50", ci });
    expect(verdict).toMatchObject({ winner: "none", leaning: "grpc", withinTrial: true, degenerate: false });
    expect(verdict.text).toMatch(
      /^not enough to tell at p50: one block per side, .*; gRPC \d\.\d\dx faster in this run \(95% CI [\d.]+-[\d.]+, 1 trial, 14 REST and 12 gRPC calls\)$/,
    );
  });

  it("leans to REST, its interval inverted, when REST's calls are the fast ones", () => {
    const random = mulberry32(2);
    const ci = sampleSpeedupCI("p50", side(slowCalls(random, 20, 100)), side(slowCalls(random, 20, 300)))!;
    expect(ci.high).toBeLessThan(1);
    const verdict = structuredVerdictFor({ metric: "p50", ci });
    expect(verdict).toMatchObject({ winner: "none", leaning: "rest" });
    expect(verdict.low).toBeCloseTo(1 / ci.high, 12);
    expect(verdict.factor).toBeGreaterThan(1);
  });

  it("includes 1 for two thin windows from the same distribution, the same interval every time", () => {
    const random = mulberry32(3);
    const rest = side(slowCalls(random, 15, 200));
    const grpc = side(slowCalls(random, 15, 200));
    const ci = sampleSpeedupCI("p50", rest, grpc)!;
    expect(ci.low).toBeLessThan(1);
    expect(ci.high).toBeGreaterThan(1);
    expect(sampleSpeedupCI("p50", rest, grpc)).toEqual(ci);
    expect(verdictFor({ metric: "p50", ci })).toMatch(
      /^not enough to tell at p50: one block per side, .* in this run \(95% CI [\d.]+-[\d.]+, 1 trial, 15 calls each\)$/,
    );
  });

  it("gives no interval when a side has fewer than the minimum of calls", () => {
    const random = mulberry32(4);
    const enough = side(slowCalls(random, 40, 300));
    const tooFew = side(slowCalls(random, MIN_SAMPLES_FOR_BOOTSTRAP - 1, 100));
    expect(sampleSpeedupCI("p50", enough, tooFew)).toBeNull();
    expect(sampleSpeedupCI("p50", tooFew, enough)).toBeNull();
    const atMinimum = side(slowCalls(random, MIN_SAMPLES_FOR_BOOTSTRAP, 100));
    expect(sampleSpeedupCI("p50", enough, atMinimum)).not.toBeNull();
  });

  it("keeps the window's own median as the estimate, inside the interval, and counts the window's calls", () => {
    const rest = [10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21];
    const grpc = [5, 5.5, 6, 6.5, 7, 7.5, 8, 8.5, 9, 9.5];
    // The histogram's median is the lower middle call: 15 and 7.
    const ci = sampleBootstrapRatioCI(
      { estimate: 15, samples: rest, calls: 600 },
      { estimate: 7, samples: grpc },
      "rest/grpc",
    )!;
    expect(ci.estimate).toBeCloseTo(15 / 7, 12);
    expect(ci.low).toBeLessThanOrEqual(ci.estimate);
    expect(ci.high).toBeGreaterThanOrEqual(ci.estimate);
    expect(ci.samples).toEqual({ rest: 600, grpc: 10 });
  });

  it("inverts with the direction of the ratio", () => {
    const random = mulberry32(5);
    const rest = side(slowCalls(random, 12, 300));
    const grpc = side(slowCalls(random, 12, 100));
    const forward = sampleBootstrapRatioCI(rest, grpc, "rest/grpc")!;
    const backward = sampleBootstrapRatioCI(rest, grpc, "grpc/rest")!;
    expect(backward.estimate).toBeCloseTo(1 / forward.estimate, 12);
    expect(backward.high).toBeLessThan(1);
  });
});
