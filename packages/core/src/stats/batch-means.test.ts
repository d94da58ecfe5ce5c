import { describe, expect, it } from "vitest";
import { batchMeansRatioCI, tQuantile975 } from "./batch-means";
import { quantile } from "./median";
import { mulberry32, type Random } from "./seeded-random";
import { batchSpeedupCI } from "./speedup";
import { structuredVerdictFor } from "../render/verdicts/verdict-text";

function normal(random: Random): number {
  const u = 1 - random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/**
 * n latencies (ms) whose log follows an AR(1) process: marginally lognormal with the given median
 * and log spread, and each request correlated with the one before (phi), as requests queued
 * behind one another are. The true median is `median` exactly; the true p99 is
 * median * exp(2.3263 * sigma).
 */
function correlatedLatencies(random: Random, n: number, median: number, sigma: number, phi = 0.8): number[] {
  const out: number[] = [];
  let x = normal(random);
  for (let i = 0; i < n; i++) {
    x = phi * x + Math.sqrt(1 - phi * phi) * normal(random);
    out.push(median * Math.exp(sigma * x));
  }
  return out;
}

function batchesOf(values: number[], count: number, q: number): number[] {
  const size = Math.floor(values.length / count);
  return Array.from({ length: count }, (_, i) => quantile(values.slice(i * size, (i + 1) * size), q));
}

function side(values: number[], q: number) {
  return { estimate: quantile(values, q), batches: batchesOf(values, 10, q) };
}

/** REST median 10 ms, gRPC median 8 ms: the true p50 speedup (REST/gRPC) is 1.25. */
function trialCI(random: Random, n: number, q = 0.5) {
  const rest = correlatedLatencies(random, n, 10, 0.3);
  const grpc = correlatedLatencies(random, n, 8, 0.3);
  return batchSpeedupCI(q === 0.5 ? "p50" : "p99", side(rest, q), side(grpc, q))!;
}

describe("batchMeansRatioCI (one trial, sub-windows)", () => {
  it("covers the true ratio about 95% of the time despite correlated samples", () => {
    const random = mulberry32(7);
    let covered = 0;
    const runs = 200;
    for (let i = 0; i < runs; i++) {
      const ci = trialCI(random, 4_000);
      if (ci.low <= 1.25 && 1.25 <= ci.high) covered++;
    }
    // 95% nominal; 200 runs give a binomial sd of about 1.5 points. Too wide an interval (every run
    // covering) is as wrong as too narrow a one.
    expect(covered / runs).toBeGreaterThan(0.9);
    expect(covered / runs).toBeLessThan(0.99);
  });

  it("covers the true p99 ratio too", () => {
    const random = mulberry32(11);
    let covered = 0;
    for (let i = 0; i < 100; i++) {
      const ci = trialCI(random, 10_000, 0.99);
      if (ci.low <= 1.25 && 1.25 <= ci.high) covered++;
    }
    expect(covered).toBeGreaterThan(88);
  });

  it("narrows as the window grows", () => {
    const widthAt = (n: number) => {
      const random = mulberry32(3);
      let sum = 0;
      for (let i = 0; i < 40; i++) {
        const ci = trialCI(random, n);
        sum += Math.log(ci.high / ci.low);
      }
      return sum / 40;
    };
    const short = widthAt(1_000);
    const long = widthAt(16_000);
    // Width goes as 1/sqrt(n): 16 times the samples, about a quarter of the width.
    expect(long).toBeLessThan(short / 3);
    expect(long).toBeGreaterThan(short / 6);
  });

  it("is wider than an interval that treats correlated samples as independent", () => {
    const random = mulberry32(5);
    const rest = correlatedLatencies(random, 4_000, 10, 0.3, 0.95);
    const grpc = correlatedLatencies(random, 4_000, 8, 0.3, 0.95);
    const ci = batchSpeedupCI("p50", side(rest, 0.5), side(grpc, 0.5))!;
    // Independent samples: se(log median) ~ 1.2533 * sigma / sqrt(n) per side.
    const naiveHalf = 1.96 * Math.sqrt(2) * ((1.2533 * 0.3) / Math.sqrt(4_000));
    expect(Math.log(ci.high / ci.estimate)).toBeGreaterThan(2 * naiveHalf);
  });

  it("is a named within-trial interval on which the verdict names no winner, saying why", () => {
    const ci = trialCI(mulberry32(1), 8_000);
    expect(ci).toMatchObject({ ratio: "rest/grpc", method: "batch-means", batches: 10, degenerate: false });
    expect(ci.low).toBeGreaterThan(1.05);
    // Clear of parity and of the margin, but one block per side cannot see a drift between the blocks.
    const verdict = structuredVerdictFor({ metric: "p50", ci: { ...ci, margin: 0.05 } });
    expect(verdict).toMatchObject({ winner: "none", withinTrial: true, leaning: "grpc" });
    expect(verdict.text).toMatch(
      /^not enough to tell at p50: one block per side, so a drift between the two blocks is not in the interval; gRPC 1\.2\dx faster in this run \(95% CI 1\.\d\d-1\.\d\d, 1 trial\)$/,
    );
  });

  it("orients rps as gRPC/REST", () => {
    const ci = batchSpeedupCI(
      "rps",
      { estimate: 100, batches: [98, 101, 100, 99, 102] },
      { estimate: 200, batches: [199, 202, 200, 198, 201] },
    )!;
    expect(ci.ratio).toBe("grpc/rest");
    expect(ci.estimate).toBe(2);
    expect(ci.low).toBeLessThan(2);
    expect(ci.high).toBeGreaterThan(2);
  });

  it("gives no interval when a side has fewer than five sub-windows", () => {
    expect(
      batchMeansRatioCI({ estimate: 1, batches: [1, 1, 1, 1] }, { estimate: 1, batches: [1, 1, 1, 1, 1] }, "rest/grpc"),
    ).toBeNull();
  });

  it("uses Student t quantiles for few sub-windows and the normal one beyond 30", () => {
    expect(tQuantile975(4)).toBeCloseTo(2.776, 3);
    expect(tQuantile975(9.7)).toBeCloseTo(2.262, 3);
    expect(tQuantile975(200)).toBe(1.96);
  });
});
