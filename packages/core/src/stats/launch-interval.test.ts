import { describe, expect, it } from "vitest";
import { calibrationSummary } from "./calibration";
import { launchRatioCI, MIN_LAUNCHES } from "./launch-interval";
import { pairedSlicesRatioCI } from "./paired-slices";
import { mulberry32, type Random } from "./seeded-random";
import { structuredVerdictFor } from "../render/verdicts/verdict-text";

/** A standard normal draw (Box-Muller). */
function normal(random: Random): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/**
 * A machine where the variance lives where Kalibera and Jones find it: each launch of the servers
 * shifts REST's log figure as a whole (its JIT state, heap and core placement: N(0, LAUNCH_SPREAD)),
 * and within each launch gRPC is still warming up, slower in the first slices by an amount that
 * fades (a one-sided trend that taking turns does not cancel: only one side has it), by a different
 * amount each launch. Slices carry their own noise on top. None of this is what the slice interval
 * assumes (slices of one launch independent around the launch's true ratio).
 */
const TRUE_RATIO = 1.2;
const LAUNCH_SPREAD = 0.06;
const SLICES = 8;
const SLICE_NOISE = 0.05;
/** Mean log amount gRPC's first slice is slower by; each launch's is this times an Exponential(1) draw. */
const WARM_UP = 0.1;
/** Slices over which the warm-up fades by 1/e. */
const WARM_UP_FADE = 2;

const fadeAt = (slice: number) => Math.exp(-slice / WARM_UP_FADE);
const meanFade = Array.from({ length: SLICES }, (_, i) => fadeAt(i)).reduce((a, b) => a + b, 0) / SLICES;

/**
 * The ratio a rerun on a fresh launch measures on average: the expected launch log ratio (the
 * launch shift averages out; the warm-up, always against gRPC, does not).
 */
const TRUTH = Math.exp(Math.log(TRUE_RATIO) - WARM_UP * meanFade);

interface Launch {
  /** REST's and gRPC's p50 per slice, slice i of each taking turns in round i. */
  rest: number[];
  grpc: number[];
}

function launch(random: Random): Launch {
  const shift = LAUNCH_SPREAD * normal(random);
  const warmUp = WARM_UP * -Math.log(1 - random());
  const rest: number[] = [];
  const grpc: number[] = [];
  for (let i = 0; i < SLICES; i++) {
    rest.push(TRUE_RATIO * Math.exp(shift + SLICE_NOISE * normal(random)));
    grpc.push(Math.exp(warmUp * fadeAt(i) + SLICE_NOISE * normal(random)));
  }
  return { rest, grpc };
}

/** A side's whole-window figure: the geometric mean of its slices. */
const windowOf = (slices: number[]) => Math.exp(slices.reduce((s, v) => s + Math.log(v), 0) / slices.length);

const covers = (ci: { low: number; high: number }) => ci.low <= TRUTH && TRUTH <= ci.high;

function oneLaunchCI(random: Random) {
  const { rest, grpc } = launch(random);
  return pairedSlicesRatioCI(
    { estimate: windowOf(rest), trials: [rest] },
    { estimate: windowOf(grpc), trials: [grpc] },
    "rest/grpc",
  )!;
}

function launchesCI(random: Random, count: number) {
  const launches = Array.from({ length: count }, () => launch(random));
  return launchRatioCI(
    launches.map((l) => windowOf(l.rest)),
    launches.map((l) => windowOf(l.grpc)),
    "rest/grpc",
  )!;
}

const REPETITIONS = 2_000;

function coverage(interval: (random: Random) => { low: number; high: number }, seed: number): number {
  const random = mulberry32(seed);
  let covered = 0;
  for (let i = 0; i < REPETITIONS; i++) if (covers(interval(random))) covered++;
  return covered / REPETITIONS;
}

describe("an interval over launches, on a machine whose launches differ", () => {
  it("one launch's paired slices cover the ratio a fresh launch would find less than 80% of the time", () => {
    // Each launch's shift and warm-up are the same for all its slices: no slice spread can see them.
    expect(coverage(oneLaunchCI, 41)).toBeLessThan(0.8);
  });

  it("five launches cover it 95% of the time, give or take 3 points", () => {
    const covered = coverage((random) => launchesCI(random, 5), 43);
    expect(covered).toBeGreaterThanOrEqual(0.92);
    expect(covered).toBeLessThanOrEqual(0.98);
  });

  it("what pnpm bench:calibrate reports: 20 reruns of five launches each hold their own median at least 18 times", () => {
    const random = mulberry32(47);
    const meanCovering = (interval: (random: Random) => { estimate: number; low: number; high: number }) => {
      let covering = 0;
      for (let calibration = 0; calibration < 50; calibration++) {
        const reruns = Array.from({ length: 20 }, () => ({ ...interval(random), winner: "none" }));
        covering += calibrationSummary(reruns).covering;
      }
      return covering / 50;
    };
    expect(meanCovering((r) => launchesCI(r, 5))).toBeGreaterThanOrEqual(18);
    expect(meanCovering(oneLaunchCI)).toBeLessThan(16);
  });

  it("centres the estimate in its interval and says it rests on launches", () => {
    const ci = launchesCI(mulberry32(7), 5);
    expect(ci).toMatchObject({ method: "launches", launches: 5, ratio: "rest/grpc", degenerate: false });
    expect(Math.log(ci.estimate)).toBeCloseTo((Math.log(ci.low) + Math.log(ci.high)) / 2, 12);
    const steady = launchRatioCI([1.3, 1.35, 1.32, 1.28, 1.31], [1, 1, 1, 1, 1], "rest/grpc")!;
    expect(structuredVerdictFor({ metric: "p50", ci: { ...steady, margin: 0.05 } }).text).toMatch(
      /^gRPC 1\.31x faster at p50 \(95% CI 1\.2\d-1\.3\d, 5 launches\)$/,
    );
  });

  it("is Student's t over the launches' log ratios, launches - 1 degrees of freedom", () => {
    // Log ratios ln 1.1, ln 1.2, ln 1.3: mean, sd and t(2) = 4.303 by hand.
    const ci = launchRatioCI([1.1, 1.2, 1.3], [1, 1, 1], "rest/grpc")!;
    const logs = [1.1, 1.2, 1.3].map(Math.log);
    const mean = (logs[0]! + logs[1]! + logs[2]!) / 3;
    const sd = Math.sqrt(logs.reduce((s, v) => s + (v - mean) ** 2, 0) / 2);
    expect(ci.estimate).toBeCloseTo(Math.exp(mean), 12);
    expect(ci.high).toBeCloseTo(Math.exp(mean + (4.303 * sd) / Math.sqrt(3)), 10);
    expect(ci.low).toBeCloseTo(Math.exp(mean - (4.303 * sd) / Math.sqrt(3)), 10);
  });

  it("pairs each launch with itself: a launch effect both sides share cancels", () => {
    // Launch 2 ran everything 50% slower; the ratio is 1.25 in every launch.
    const ci = launchRatioCI([1.25, 1.875, 1.25], [1, 1.5, 1], "rest/grpc")!;
    expect(ci.low).toBeCloseTo(1.25, 10);
    expect(ci.high).toBeCloseTo(1.25, 10);
  });

  it("orients throughput and capacity as gRPC over REST", () => {
    const ci = launchRatioCI([100, 110], [200, 220], "grpc/rest")!;
    expect(ci.estimate).toBeCloseTo(2, 12);
  });

  it("gives no interval under two launches with a figure on both sides", () => {
    expect(MIN_LAUNCHES).toBe(2);
    expect(launchRatioCI([1.2], [1], "rest/grpc")).toBeNull();
    expect(launchRatioCI([1.2, 1.3], [1, 0], "rest/grpc")).toBeNull();
  });
});
