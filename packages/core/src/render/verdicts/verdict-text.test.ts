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

  it("clearOfParity and noWinnerWords agree with the verdict on a withheld winner, a point estimate, one block and the margin", () => {
    const clear = { estimate: 2, low: 1.5, high: 2.5, degenerate: false };
    expect(clearOfParity(clear)).toBe(true);
    expect(clearOfParity({ ...clear, winnerWithheld: true })).toBe(false);
    expect(clearOfParity({ ...clear, degenerate: true })).toBe(false);
    expect(clearOfParity({ ...clear, low: 0.9 })).toBe(false);
    expect(clearOfParity({ ...clear, method: "batch-means" })).toBe(false);
    expect(clearOfParity({ ...clear, low: 1.03, margin: 0.05 })).toBe(false);
    expect(clearOfParity({ ...clear, low: 1.03 })).toBe(true);
    expect(noWinnerWords({ degenerate: false, equivalent: true, margin: 0.05 })).toBe("the same within 5%");
    expect(noWinnerWords({ degenerate: false, margin: 0.05 })).toBe("not enough to tell");
    expect(noWinnerWords({ degenerate: false, winnerWithheld: true })).toBe("not enough to tell");
    expect(noWinnerWords({ degenerate: true })).toBe("not enough to tell");
    expect(noWinnerWords({ degenerate: false })).toBe("no significant difference");
  });

  it("names no winner on a thin window's one block per side, and says how many calls it rests on", () => {
    const ci = { estimate: 1.6, low: 1.1, high: 2.3, method: "sample-bootstrap" as const };
    expect(verdictFor({ metric: "p50", ci: { ...ci, samples: { rest: 14, grpc: 14 } } })).toBe(
      "not enough to tell at p50: one block per side, so a drift between the two blocks is not in the interval; gRPC 1.60x faster in this run (95% CI 1.10-2.30, 1 trial, 14 calls each)",
    );
    expect(verdictFor({ metric: "p50", ci: { ...ci, samples: { rest: 40, grpc: 12 } } })).toContain(
      "(95% CI 1.10-2.30, 1 trial, 40 REST and 12 gRPC calls)",
    );
    // Batch means over one block per side: the same, REST's figure oriented to it.
    const rest = structuredVerdictFor({
      metric: "rps",
      ci: { estimate: 0.5, low: 0.4, high: 0.625, method: "batch-means" },
    });
    expect(rest).toMatchObject({ winner: "none", leaning: "rest", factor: 2, withinTrial: true });
    expect(rest.text).toMatch(/; REST 2\.00x more throughput in this run \(95% CI 1\.60-2\.50, 1 trial\)$/);
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

describe("verdicts against an equivalence margin", () => {
  const margin = 0.05;

  it("names a winner only when the whole interval lies beyond the margin", () => {
    expect(verdictFor({ metric: "p50", ci: { estimate: 1.2, low: 1.06, high: 1.35, margin } })).toBe(
      "gRPC 1.20x faster at p50 (95% CI 1.06-1.35)",
    );
    // Clear of 1, not of the margin: a real difference that may still be too small to matter.
    const small = structuredVerdictFor({ metric: "p50", ci: { estimate: 1.08, low: 1.03, high: 1.13, margin } });
    expect(small).toMatchObject({ winner: "none", equivalent: false });
    expect(small.text).toBe("not enough to tell at p50: a difference of up to 13% is possible (95% CI 1.03-1.13)");
    // REST's side: beyond 1 / 1.05 on the log scale, the mirror of 1.05.
    const rest = structuredVerdictFor({ metric: "p99", ci: { estimate: 0.8, low: 0.7, high: 0.94, margin } });
    expect(rest).toMatchObject({ winner: "rest" });
    expect(structuredVerdictFor({ metric: "p99", ci: { estimate: 0.9, low: 0.8, high: 0.96, margin } }).winner).toBe(
      "none",
    );
  });

  it("reads an interval wholly within the margin as the same, in every metric's words", () => {
    const same = structuredVerdictFor({ metric: "p50", ci: { estimate: 1.01, low: 0.97, high: 1.04, margin } });
    expect(same).toMatchObject({ winner: "none", equivalent: true });
    expect(same.text).toBe("the same within 5% at p50 (95% CI 0.97-1.04)");
    expect(verdictFor({ metric: "capacity", ci: { estimate: 1, low: 0.99, high: 1.01, margin: 0.02 } })).toBe(
      "the same within 2% in calls per core (95% CI 0.99-1.01)",
    );
    // An end just past the margin is not "the same".
    const across = structuredVerdictFor({ metric: "p50", ci: { estimate: 1.01, low: 0.94, high: 1.04, margin } });
    expect(across.equivalent).toBe(false);
    expect(across.text).toMatch(/^not enough to tell at p50: a difference of up to 6% is possible/);
  });

  it("takes the larger of the margin and the emulator's band, and says which stopped a winner", () => {
    const ci = { estimate: 1.08, low: 1.06, high: 1.1, margin };
    expect(structuredVerdictFor({ metric: "p50", ci }).winner).toBe("grpc");
    const banded = structuredVerdictFor({ metric: "p50", ci: { ...ci, emulatorBand: 0.07 } });
    expect(banded).toMatchObject({ winner: "none", withinEmulatorPrecision: true });
    expect(banded.text).toMatch(/^no difference beyond the network emulator's precision at p50/);
    // A band below the margin changes nothing.
    expect(structuredVerdictFor({ metric: "p50", ci: { ...ci, emulatorBand: 0.01 } }).winner).toBe("grpc");
  });

  it("says capacity as calls per core, higher being better, gRPC over REST", () => {
    expect(
      verdictFor({ metric: "capacity", ci: { estimate: 2.4, low: 2.1, high: 2.7, ratio: "grpc/rest", margin } }),
    ).toBe("gRPC serves 2.40x the calls per core (95% CI 2.10-2.70)");
    expect(verdictFor({ metric: "capacity", ci: { estimate: 1 / 1.3, low: 1 / 1.4, high: 1 / 1.2, margin } })).toBe(
      "REST serves 1.30x the calls per core (95% CI 1.20-1.40)",
    );
    expect(() =>
      verdictFor({ metric: "capacity", ci: { estimate: 2, low: 1.5, high: 2.5, ratio: "rest/grpc" } }),
    ).toThrow(/grpc\/rest/);
  });

  it("shows a spread from another machine beside the interval, applied to nothing", () => {
    const ci = { estimate: 1.2, low: 1.1, high: 1.3, margin };
    const noted = structuredVerdictFor({
      metric: "p50",
      ci: { ...ci, referenceSpread: { spread: 0.3, source: "reference" } },
    });
    // The same verdict and interval as without it, however large the other machine's spread.
    expect(noted).toMatchObject({ winner: "grpc", low: 1.1, high: 1.3 });
    expect(noted.text).toBe(
      "gRPC 1.20x faster at p50 (95% CI 1.10-1.30; the reference machine's reruns of this spec spread ±30%, not applied)",
    );
    expect(
      verdictFor({ metric: "p50", ci: { ...ci, referenceSpread: { spread: 0.12, source: "assumed" } } }),
    ).toContain("the reference machine's reruns of other specs spread up to ±12%, not applied");
  });
});
