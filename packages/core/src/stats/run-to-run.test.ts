import { describe, expect, it } from "vitest";
import { calibrationSummary, type RepeatedEstimate } from "./calibration";
import { median } from "./median";
import {
  earlierSpreadCheck,
  keptRunToRunSpread,
  leaveOneOutCheck,
  MIN_RUNS_FOR_SPREAD,
  runToRunSpread,
  widenedBy,
} from "./run-to-run";
import { mulberry32, type Random } from "./seeded-random";

/** A standard normal draw (Box-Muller). */
function normal(random: Random): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/**
 * `runs` reruns of one comparison whose true ratio is `truth`: each run is moved as a whole by
 * N(0, runSpread) on the log scale (what no slice of it sees), then measured with its own standard
 * error `withinSe`, and reports a 95% interval of that error alone, as a run does.
 */
function reruns(random: Random, runs: number, truth: number, runSpread: number, withinSe: number): RepeatedEstimate[] {
  return Array.from({ length: runs }, () => {
    const log = Math.log(truth) + runSpread * normal(random) + withinSe * normal(random);
    const [low, high] = [Math.exp(log - 1.96 * withinSe), Math.exp(log + 1.96 * withinSe)];
    return { estimate: Math.exp(log), low, high, winner: low > 1 ? "grpc" : high < 1 ? "rest" : "none" };
  });
}

describe("the run-to-run spread", () => {
  it("recovers the spread that moves whole runs, beyond their own intervals", () => {
    const random = mulberry32(17);
    const spreads = Array.from({ length: 40 }, () => runToRunSpread(reruns(random, 20, 0.63, 0.06, 0.025))!);
    const mean = spreads.reduce((a, b) => a + b, 0) / spreads.length;
    expect(mean).toBeGreaterThan(0.05);
    expect(mean).toBeLessThan(0.07);
  });

  it("is nil when the runs scatter no more than their intervals say", () => {
    const random = mulberry32(5);
    const spreads = Array.from({ length: 40 }, () => runToRunSpread(reruns(random, 20, 1.1, 0, 0.03))!);
    const mean = spreads.reduce((a, b) => a + b, 0) / spreads.length;
    // The estimator is floored at 0, so noise leaves it a little above; far below a real spread.
    expect(mean).toBeLessThan(0.012);
    expect(spreads.filter((s) => s === 0).length).toBeGreaterThan(10);
  });

  it("is not estimated from too few runs, nor from runs without an interval", () => {
    const random = mulberry32(3);
    const few = reruns(random, MIN_RUNS_FOR_SPREAD - 1, 1, 0.05, 0.02);
    expect(runToRunSpread(few)).toBeNull();
    const pointsOnly = reruns(random, 10, 1, 0.05, 0.02).map((r) => ({ ...r, degenerate: true }));
    expect(runToRunSpread(pointsOnly)).toBeNull();
  });
});

describe("the spread kept for later runs", () => {
  /** Reruns whose whole-run shift has heavy tails: Student's t with 3 degrees of freedom, scaled. */
  function heavyTailed(random: Random, runs: number, truth: number, scale: number, withinSe: number) {
    return Array.from({ length: runs }, (): RepeatedEstimate => {
      const chi = normal(random) ** 2 + normal(random) ** 2 + normal(random) ** 2;
      const shift = (scale * normal(random)) / Math.sqrt(chi / 3);
      const log = Math.log(truth) + shift + withinSe * normal(random);
      const [low, high] = [Math.exp(log - 1.96 * withinSe), Math.exp(log + 1.96 * withinSe)];
      return { estimate: Math.exp(log), low, high, winner: low > 1 ? "grpc" : high < 1 ? "rest" : "none" };
    });
  }

  /** How often a fresh run, widened by the spread 20 earlier runs gave, reaches their median. */
  function freshCoverage(spreadOf: (runs: RepeatedEstimate[]) => number | null, seed: number): number {
    const random = mulberry32(seed);
    let covered = 0;
    const trials = 400;
    for (let t = 0; t < trials; t++) {
      const [fresh, ...earlier] = heavyTailed(random, 21, 0.68, 0.1, 0.05);
      const centre = median(earlier.map((r) => r.estimate));
      const widened = widenedBy(fresh!, spreadOf(earlier)!);
      if (widened.low <= centre && centre <= widened.high) covered++;
    }
    return covered / trials;
  }

  it("holds a fresh run's interval to the others' median about 95% of the time, where the normal estimate falls short", () => {
    const kept = freshCoverage(keptRunToRunSpread, 29);
    const estimated = freshCoverage(runToRunSpread, 29);
    expect(kept).toBeGreaterThanOrEqual(0.92);
    expect(estimated).toBeLessThan(kept);
  });

  it("is no wider than the runs need when they scatter as their intervals say", () => {
    const random = mulberry32(8);
    const spreads = Array.from({ length: 40 }, () => keptRunToRunSpread(reruns(random, 20, 1.1, 0, 0.03))!);
    // Each run's own interval already reaches the others' median: nearly nothing is added.
    expect(median(spreads)).toBeLessThan(0.02);
  });

  it("is not kept from too few runs", () => {
    expect(keptRunToRunSpread(reruns(mulberry32(3), MIN_RUNS_FOR_SPREAD - 1, 1, 0.05, 0.02))).toBeNull();
  });
});

describe("an interval widened by the spread", () => {
  it("keeps its centre and combines the two errors", () => {
    const ci = { estimate: 0.63, low: 0.6, high: 0.66 };
    const widened = widenedBy(ci, 0.05);
    expect(Math.sqrt(widened.low * widened.high)).toBeCloseTo(Math.sqrt(0.6 * 0.66), 10);
    const ownSe = Math.log(0.66 / 0.6) / (2 * 1.959964);
    expect(Math.log(widened.high / widened.low) / (2 * 1.959964)).toBeCloseTo(Math.hypot(ownSe, 0.05), 10);
    expect(widened.estimate).toBe(0.63);
  });

  it("is the interval itself under a spread of 0", () => {
    const ci = { low: 0.9, high: 1.2 };
    expect(widenedBy(ci, 0)).toBe(ci);
  });
});

describe("coverage of simulated reruns on a noisy machine", () => {
  // 20 reruns a calibration, 60 calibrations; the spread moves runs by 6%, a run's own interval
  // is about ±5% (study-000's warm p50 on this machine had both).
  const calibrations = (seed: number) => {
    const random = mulberry32(seed);
    return Array.from({ length: 60 }, () => reruns(random, 20, 0.63, 0.06, 0.025));
  };

  it("falls short with the runs' own intervals, and holds the true ratio 95% of the time widened by the true spread", () => {
    let rawCovering = 0;
    let widenedCovering = 0;
    let checked = 0;
    for (const runs of calibrations(2026)) {
      rawCovering += calibrationSummary(runs).covering;
      // The two errors combined as independent ones: too little (the spread ignored) or too much
      // (the two added as widths) would miss 95% by far more than 1,200 runs' 0.6 points.
      widenedCovering += runs
        .map((run) => widenedBy(run, 0.06))
        .filter((ci) => ci.low <= 0.63 && 0.63 <= ci.high).length;
      checked += runs.length;
    }
    expect(rawCovering / checked).toBeLessThan(0.7);
    expect(widenedCovering / checked).toBeGreaterThanOrEqual(0.93);
    expect(widenedCovering / checked).toBeLessThanOrEqual(0.97);
  });

  it("stops opposite winners that the runs' own intervals named, and keeps a real difference", () => {
    // A true tie with a 6% spread: the runs' own tight intervals name either side now and then.
    const random = mulberry32(11);
    let rawOpposite = 0;
    let widenedOpposite = 0;
    for (let i = 0; i < 30; i++) {
      const runs = reruns(random, 20, 1, 0.06, 0.02);
      rawOpposite += calibrationSummary(runs).oppositePairs;
      widenedOpposite += leaveOneOutCheck(runs)!.oppositePairs;
    }
    expect(rawOpposite).toBeGreaterThan(100);
    expect(widenedOpposite).toBeLessThan(rawOpposite / 20);

    // REST 20% faster under the same noise: the widened intervals still name it in most runs.
    const real = reruns(mulberry32(12), 20, 1 / 1.2, 0.06, 0.02);
    const widenedWinners = real.map((run) => widenedBy(run, runToRunSpread(real)!)).filter((ci) => ci.high < 1);
    expect(widenedWinners.length).toBeGreaterThanOrEqual(16);
  });
});

describe("a kept spread tested on a later session it was not fitted to", () => {
  it("holds a second session of the same noise about as often as it promises", () => {
    // Two sessions of the same comparison: the first keeps a spread, the second is judged by it.
    const random = mulberry32(2027);
    let covering = 0;
    let checked = 0;
    for (let i = 0; i < 60; i++) {
      const kept = keptRunToRunSpread(reruns(random, 20, 0.7, 0.06, 0.02))!;
      const check = earlierSpreadCheck(reruns(random, 20, 0.7, 0.06, 0.02), kept)!;
      covering += check.covering;
      checked += check.checked;
    }
    expect(checked).toBe(1_200);
    // The largest of 20 runs' needs: a fresh run needs more about one time in 21, not never.
    expect(covering / checked).toBeGreaterThanOrEqual(0.9);
    expect(covering / checked).toBeLessThan(0.99);
  });

  it("misses when the later session moves more than the earlier one kept", () => {
    const random = mulberry32(5);
    const quiet = keptRunToRunSpread(reruns(random, 20, 0.7, 0.01, 0.02))!;
    const noisy = reruns(random, 20, 0.7, 0.12, 0.02);
    expect(earlierSpreadCheck(noisy, quiet)!.covering).toBeLessThan(15);
    // Widened by nothing, an interval is the run's own.
    expect(earlierSpreadCheck(noisy, 0)!.covering).toBe(calibrationSummary(noisy).covering);
  });
});
