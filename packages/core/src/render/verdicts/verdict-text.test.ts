import { describe, expect, it } from "vitest";
import { speedupCI } from "../../stats/speedup";
import { clearOfParity } from "../../stats/verdict";
import { noWinnerWords, structuredVerdictFor, verdictFor } from "./verdict-text";

describe("verdictFor", () => {
  it("names gRPC when the whole latency CI is above 1", () => {
    expect(verdictFor({ metric: "p50", ci: { estimate: 1.42, low: 1.31, high: 1.55 } })).toBe(
      "gRPC 1.42x faster at p50 (95% CI 1.31-1.55)",
    );
  });

  it("names REST by 1/speedup, with the CI inverted, when the whole CI is below 1", () => {
    // speedup 1/1.2 = 0.8333: gRPC is slower, i.e. REST 1.20x faster
    const v = structuredVerdictFor({ metric: "p99", ci: { estimate: 1 / 1.2, low: 1 / 1.31, high: 1 / 1.1 } });
    expect(v).toMatchObject({ winner: "rest", metric: "p99", degenerate: false });
    expect(v.factor).toBeCloseTo(1.2, 12);
    expect(v.low).toBeCloseTo(1.1, 12);
    expect(v.high).toBeCloseTo(1.31, 12);
    expect(v.text).toBe("REST 1.20x faster at p99 (95% CI 1.10-1.31)");
  });

  it("speaks of throughput for rps", () => {
    expect(verdictFor({ metric: "rps", ci: { estimate: 1.3, low: 1.21, high: 1.4 } })).toBe(
      "gRPC 1.30x more throughput (95% CI 1.21-1.40)",
    );
    expect(verdictFor({ metric: "rps", ci: { estimate: 0.5, low: 0.4, high: 0.625 } })).toBe(
      "REST 2.00x more throughput (95% CI 1.60-2.50)",
    );
  });

  it("calls no winner when the CI includes 1, and shows the CI as measured", () => {
    const v = structuredVerdictFor({ metric: "p50", ci: { estimate: 1.01, low: 0.95, high: 1.08 } });
    expect(v).toMatchObject({ winner: "none", factor: 1.01, low: 0.95, high: 1.08 });
    expect(v.text).toBe("no significant difference at p50, none larger than 8% (95% CI 0.95-1.08)");
    expect(verdictFor({ metric: "rps", ci: { estimate: 1, low: 0.9, high: 1.1 } })).toBe(
      "no significant difference in throughput, none larger than 11% (95% CI 0.90-1.10)",
    );
  });

  it("treats a CI that merely touches 1 as no significant difference", () => {
    expect(structuredVerdictFor({ metric: "p50", ci: { estimate: 1.2, low: 1, high: 1.4 } }).winner).toBe("none");
  });

  it("uses the CI’s own confidence level", () => {
    expect(verdictFor({ metric: "p50", ci: { estimate: 1.5, low: 1.2, high: 1.8, confidence: 0.9 } })).toBe(
      "gRPC 1.50x faster at p50 (90% CI 1.20-1.80)",
    );
  });

  it("with one trial and no interval names no winner, however far the point estimate is from 1", () => {
    const v = structuredVerdictFor({ metric: "p50", ci: speedupCI("p50", [1.42], [1.0]) });
    expect(v).toMatchObject({ winner: "none", degenerate: true });
    expect(v.text).toBe("not enough to tell at p50 (1 trial: no confidence interval, point estimate 1.42x)");
    expect(structuredVerdictFor({ metric: "p50", ci: speedupCI("p50", [1.0], [3]) }).winner).toBe("none");
  });

  it("a winner withheld for want of a calibration: the run's figure, said as not enough to tell", () => {
    const assumed = { runToRunSpread: 0.12, runToRunSource: "assumed" as const, winnerWithheld: true as const };
    // REST clearly faster by the interval: no winner, the sentence gives the run's figure oriented as the interval would.
    const rest = structuredVerdictFor({ metric: "p50", ci: { estimate: 0.5, low: 0.4, high: 0.625, ...assumed } });
    expect(rest).toMatchObject({ winner: "none", winnerWithheld: true, leaning: "rest", factor: 2 });
    expect(rest.detectable).toBeUndefined();
    expect(rest.text).toBe(
      "not enough to tell at p50: REST 2.00x faster in this run, but no calibration of this study's runs shows a rerun would agree (95% CI 1.60-2.50, with 12% run-to-run noise assumed)",
    );
    const labels = { rest: "spring", grpc: "grpc-java" };
    expect(verdictFor({ metric: "rps", labels, ci: { estimate: 1.3, low: 1.2, high: 1.4, ...assumed } })).toContain(
      "not enough to tell in throughput: grpc-java 1.30x more throughput in this run",
    );
    // An interval around parity says how large a difference it leaves possible, still as not enough to tell.
    expect(verdictFor({ metric: "p50", ci: { estimate: 1, low: 0.9, high: 1.1, ...assumed } })).toMatch(
      /^not enough to tell at p50: no difference larger than 11% in this run, but no calibration/,
    );
    // Without the flag the same interval names its winner.
    expect(structuredVerdictFor({ metric: "p50", ci: { estimate: 0.5, low: 0.4, high: 0.625 } }).winner).toBe("rest");
  });

  it("clearOfParity and noWinnerWords agree with the verdict on a withheld winner and a point estimate", () => {
    const clear = { estimate: 2, low: 1.5, high: 2.5, degenerate: false };
    expect(clearOfParity(clear)).toBe(true);
    expect(clearOfParity({ ...clear, winnerWithheld: true })).toBe(false);
    expect(clearOfParity({ ...clear, degenerate: true })).toBe(false);
    expect(clearOfParity({ ...clear, low: 0.9 })).toBe(false);
    expect(noWinnerWords({ degenerate: false, winnerWithheld: true })).toBe("not enough to tell");
    expect(noWinnerWords({ degenerate: true })).toBe("not enough to tell");
    expect(noWinnerWords({ degenerate: false })).toBe("no significant difference");
  });

  it("says a thin window's interval is from one trial and how many calls it rests on", () => {
    const ci = { estimate: 1.6, low: 1.1, high: 2.3, method: "sample-bootstrap" as const };
    expect(verdictFor({ metric: "p50", ci: { ...ci, samples: { rest: 14, grpc: 14 } } })).toBe(
      "gRPC 1.60x faster at p50 (95% CI 1.10-2.30, 1 trial, 14 calls each)",
    );
    expect(verdictFor({ metric: "p50", ci: { ...ci, samples: { rest: 40, grpc: 12 } } })).toBe(
      "gRPC 1.60x faster at p50 (95% CI 1.10-2.30, 1 trial, 40 REST and 12 gRPC calls)",
    );
  });

  it("refuses a CI built in the wrong direction for the metric", () => {
    const backwards = speedupCI("p50", [1.0, 1.1], [1.4, 1.5]); // rest/grpc
    expect(() => verdictFor({ metric: "rps", ci: backwards })).toThrow(/grpc\/rest/);
  });

  it("end to end: separated trials name the faster protocol, overlapping ones do not", () => {
    const rest = [14.1, 15.0, 15.8, 15.4, 14.6];
    const grpc = [10.0, 10.5, 9.8, 10.2, 10.1];
    expect(structuredVerdictFor({ metric: "p50", ci: speedupCI("p50", rest, grpc) }).winner).toBe("grpc");
    expect(structuredVerdictFor({ metric: "p50", ci: speedupCI("p50", grpc, rest) }).winner).toBe("rest");
    const noisyA = [10.0, 12.1, 9.0, 11.2, 10.6];
    const noisyB = [10.3, 11.5, 9.4, 10.9, 10.0];
    expect(structuredVerdictFor({ metric: "p50", ci: speedupCI("p50", noisyA, noisyB) }).winner).toBe("none");
  });
});
