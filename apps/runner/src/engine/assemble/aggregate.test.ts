import { describe, expect, it } from "vitest";
import type { ProtocolMeasure } from "@relix/core";
import { makeRunResult } from "@relix/core/testing/result-fixture";
import { compareClients, compareStacks, compareTrials } from "./aggregate";

/** A measure with REST's or gRPC's p50, rps and server CPU per 1,000 calls, and p50 per slice. */
function side(base: ProtocolMeasure, p50: number, cpuMsPer1000: number | null, slices: number[]): ProtocolMeasure {
  return {
    ...base,
    latencyMs: { ...base.latencyMs, p50 },
    server: { ...base.server, cpuMsPer1000 },
    slices: {
      calls: slices.map(() => 200),
      p50Ms: slices,
      p99Ms: slices.map((v) => v * 3),
      rps: slices.map(() => base.rps),
      capacity:
        cpuMsPer1000 === null
          ? slices.map(() => null)
          : slices.map((_, i) => 1e6 / (cpuMsPer1000 * (1 + 0.01 * (i % 3)))),
    },
  };
}

const template = makeRunResult({ spec: { trials: 1 } }).cells[0]!.trials[0]!;

/**
 * Launches whose slices agree closely within each launch while the launches differ: REST's p50 is
 * 1.5 ms in one launch and 1.1 ms in another, gRPC's always 1 ms.
 */
function launches(restP50s: number[], cpu: { rest: number | null; grpc: number | null } = { rest: 200, grpc: 100 }) {
  return restP50s.map((restP50) => ({
    rest: side(template.rest, restP50, cpu.rest, [restP50, restP50 * 1.01, restP50 * 0.99, restP50, restP50 * 1.005]),
    grpc: side(template.grpc, 1, cpu.grpc, [1, 1.01, 0.99, 1, 0.995]),
  }));
}

const p50Of = <C extends { metric: string }>(comparisons: readonly C[]): C =>
  comparisons.find((c) => c.metric === "p50")!;

describe("compareTrials: the interval at two levels", () => {
  it("over launches, the launches' spread decides, where the slices within them would not see it", () => {
    const trials = launches([1.5, 1.1, 1.3]);
    const overLaunches = p50Of(compareTrials(trials, { trialsAreLaunches: true }));
    expect(overLaunches.ci).toMatchObject({ method: "launches", launches: 3 });
    // Slices agree to 1% within each launch, launches disagree by 40%: the interval is that wide.
    expect(overLaunches.ci.high / overLaunches.ci.low).toBeGreaterThan(1.5);
    expect(overLaunches.text).toContain("3 launches");
    // The same trials, not launches: the slices' interval (with three trials, widened to their spread).
    const notLaunches = p50Of(compareTrials(trials));
    expect(notLaunches.ci.method).toBe("paired-slices");
  });

  it("with one launch keeps the interval of its paired slices", () => {
    const one = p50Of(compareTrials(launches([1.3]), { trialsAreLaunches: true }));
    expect(one.ci).toMatchObject({ method: "paired-slices", pairs: 5 });
  });

  it("compares capacity, calls per server core, where both sides' CPU is known in every trial", () => {
    // REST spends 200 ms of CPU per 1,000 calls, gRPC 100: gRPC serves twice the calls per core.
    const comparisons = compareTrials(launches([1.3, 1.31, 1.29]), { trialsAreLaunches: true });
    const capacity = comparisons.find((c) => c.metric === "capacity")!;
    expect(capacity.ci).toMatchObject({ ratio: "grpc/rest", method: "launches" });
    expect(capacity.ci.estimate).toBeCloseTo(2, 6);
    expect(capacity.winner).toBe("grpc");
    expect(capacity.text).toMatch(/^gRPC serves 2\.00x the calls per core \(95% CI/);
    // One slice-only launch: the slices' capacity pairs up like any other figure.
    const oneLaunch = compareTrials(launches([1.3])).find((c) => c.metric === "capacity")!;
    expect(oneLaunch.ci.method).toBe("paired-slices");
    // A side without a CPU figure in some trial: no capacity comparison at all.
    const unknown = launches([1.3, 1.31]);
    unknown[1]!.grpc = { ...unknown[1]!.grpc, server: { ...unknown[1]!.grpc.server, cpuMsPer1000: null } };
    expect(compareTrials(unknown).some((c) => c.metric === "capacity")).toBe(false);
  });

  it("reads every interval against the margin, 5% unless told, and records it", () => {
    // 3% apart in every launch: clear of 1, not of 5%.
    const trials = launches([1.03, 1.031, 1.029]);
    const byDefault = p50Of(compareTrials(trials, { trialsAreLaunches: true }));
    expect(byDefault.ci.margin).toBe(0.05);
    expect(byDefault.winner).toBe("none");
    expect(byDefault.text).toMatch(/^the same within 5% at p50/);
    const tight = p50Of(compareTrials(trials, { trialsAreLaunches: true, margin: 0.01 }));
    expect(tight.ci.margin).toBe(0.01);
    expect(tight.winner).toBe("grpc");
    // Stacks and client programs are read against the same margin.
    const stacks = compareStacks(
      { stack: "express", trials: trials.map((t) => t.rest) },
      { stack: "grpc-js", trials: trials.map((t) => t.grpc) },
      { trialsAreLaunches: true, margin: 0.01 },
    );
    expect(p50Of(stacks.comparisons)).toMatchObject({ winner: "grpc-js", ci: { margin: 0.01 } });
    const clients = compareClients(
      { tool: "autocannon", trials: trials.map((t) => t.rest) },
      { tool: "h2load", trials: trials.map((t) => t.grpc) },
      { trialsAreLaunches: true },
    );
    expect(p50Of(clients)).toMatchObject({ winner: "none", ci: { margin: 0.05 } });
  });
});

describe("compareTrials: run-to-run spreads", () => {
  const trials = launches([1.5, 1.52, 1.49]);

  it("widens an interval by this machine's own spread of the comparison", () => {
    const plain = p50Of(compareTrials(trials, { trialsAreLaunches: true }));
    const own = p50Of(
      compareTrials(trials, {
        trialsAreLaunches: true,
        runToRunNoise: () => ({ spread: 0.1, source: "this-machine" }),
      }),
    );
    expect(own.ci.runToRunSpread).toBe(0.1);
    expect(own.ci.high / own.ci.low).toBeGreaterThan(plain.ci.high / plain.ci.low);
    expect(own.text).toContain("with 10% run-to-run noise");
  });

  it("never lets another machine's spread widen, narrow or decide: it is kept beside the interval as a note", () => {
    const plain = p50Of(compareTrials(trials, { trialsAreLaunches: true }));
    for (const source of ["reference", "assumed"] as const) {
      // A spread so large it would have turned the verdict over, had it been applied.
      const noted = p50Of(
        compareTrials(trials, { trialsAreLaunches: true, runToRunNoise: () => ({ spread: 0.5, source }) }),
      );
      expect(noted.ci).toMatchObject({
        low: plain.ci.low,
        high: plain.ci.high,
        referenceSpread: { spread: 0.5, source },
      });
      expect(noted.ci.runToRunSpread).toBeUndefined();
      expect(noted.ci.winnerWithheld).toBeUndefined();
      expect(noted.winner).toBe(plain.winner);
      expect(noted.winner).toBe("grpc");
      expect(noted.text).toContain("±50%, not applied");
    }
  });
});
