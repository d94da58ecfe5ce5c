import { describe, expect, it } from "vitest";
import { batchMeansRatioCI } from "./batch-means";
import { MIN_PAIRS, pairedSlicesRatioCI, sliceSpread } from "./paired-slices";
import { mulberry32, type Random } from "./seeded-random";
import { structuredVerdictFor } from "../render/verdicts/verdict-text";

function normal(random: Random): number {
  const u = 1 - random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/**
 * A shared machine's speed over one run: a level that wanders from one 250 ms stretch to the
 * next (a random walk in log space, `drift` per step), the same for whichever side is running.
 * 16 stretches = a 4 s trial: two 2 s blocks, or 8 rounds of two 250 ms slices.
 */
function machineSpeed(random: Random, stretches: number, drift: number): number[] {
  const levels: number[] = [];
  let log = 0;
  for (let i = 0; i < stretches; i++) {
    log += drift * normal(random);
    levels.push(Math.exp(log));
  }
  return levels;
}

/** A side's median latency over one stretch: its true median, the machine's level, and within-stretch noise. */
const stretchMedian = (random: Random, trueMs: number, level: number, noise: number) =>
  trueMs * level * Math.exp(noise * normal(random));

interface SimulatedRun {
  /** REST then gRPC, 8 sub-windows each, as blocks of one side then the other. */
  blocks: { rest: number[]; grpc: number[] };
  /** 8 rounds of one REST and one gRPC slice, alternating which goes first. */
  slices: { rest: number[]; grpc: number[] };
}

/** One run of a cell whose true p50s are restMs and grpcMs, on a machine that drifts. */
function simulateRun(random: Random, restMs: number, grpcMs: number, drift: number, noise = 0.03): SimulatedRun {
  const speed = machineSpeed(random, 16, drift);
  const blocks = {
    rest: speed.slice(0, 8).map((level) => stretchMedian(random, restMs, level, noise)),
    grpc: speed.slice(8).map((level) => stretchMedian(random, grpcMs, level, noise)),
  };
  const slices = { rest: [] as number[], grpc: [] as number[] };
  for (let round = 0; round < 8; round++) {
    const [first, second] = [speed[2 * round]!, speed[2 * round + 1]!];
    const restFirst = round % 2 === 0;
    slices.rest.push(stretchMedian(random, restMs, restFirst ? first : second, noise));
    slices.grpc.push(stretchMedian(random, grpcMs, restFirst ? second : first, noise));
  }
  return { blocks, slices };
}

const geometricMean = (values: number[]) => Math.exp(values.reduce((s, v) => s + Math.log(v), 0) / values.length);

function pairedCI(run: SimulatedRun) {
  return pairedSlicesRatioCI(
    { estimate: geometricMean(run.slices.rest), trials: [run.slices.rest] },
    { estimate: geometricMean(run.slices.grpc), trials: [run.slices.grpc] },
    "rest/grpc",
  )!;
}

function blockCI(run: SimulatedRun) {
  return batchMeansRatioCI(
    { estimate: geometricMean(run.blocks.rest), batches: run.blocks.rest },
    { estimate: geometricMean(run.blocks.grpc), batches: run.blocks.grpc },
    "rest/grpc",
  )!;
}

describe("pairedSlicesRatioCI", () => {
  it("does not call a drift between the sides a difference, where blocks of one side then the other would", () => {
    const random = mulberry32(17);
    // Equal protocols; the machine wanders by about 5% per 250 ms.
    const runs = Array.from({ length: 200 }, () => simulateRun(random, 1, 1, 0.05));
    /** The side an interval lies wholly on, as a winner would be named without a margin. */
    const sideOf = (ci: { low: number; high: number }) => (ci.low > 1 ? "grpc" : ci.high < 1 ? "rest" : "none");
    const blockSides = runs.map((run) => sideOf(blockCI(run)));
    const pairedSides = runs.map((run) => sideOf(pairedCI(run)));
    // A 95% interval excludes parity for equal sides about 5% of the time, 10 of 200.
    expect(pairedSides.filter((w) => w !== "none").length).toBeLessThanOrEqual(20);
    expect(blockSides.filter((w) => w !== "none").length).toBeGreaterThan(60);
    // And not just as often one side: the blocks' intervals point both ways.
    expect(blockSides.includes("rest") && blockSides.includes("grpc")).toBe(true);
    // Which is why a verdict on one block per side names no winner at all.
    expect(runs.some((run) => structuredVerdictFor({ metric: "p50", ci: blockCI(run) }).winner !== "none")).toBe(false);
  });

  it("still finds a real 20% difference through the drift", () => {
    const random = mulberry32(23);
    const runs = Array.from({ length: 100 }, () => simulateRun(random, 1.2, 1, 0.03));
    const verdicts = runs.map((run) => structuredVerdictFor({ metric: "p50", ci: pairedCI(run) }));
    expect(verdicts.filter((v) => v.winner === "grpc").length).toBeGreaterThanOrEqual(90);
    expect(verdicts.some((v) => v.winner === "rest")).toBe(false);
  });

  it("over trials that were not launches, pools every trial's pairs and widens to the spread between trials when that is larger", () => {
    const steady = [1, 1.02, 0.98, 1.01, 0.99, 1];
    const side = (scale: number[]) => ({
      estimate: 1,
      trials: scale.map((s) => steady.map((v) => v * s)),
    });
    const sameTrials = pairedSlicesRatioCI(side([1, 1, 1]), side([1, 1, 1]), "rest/grpc")!;
    // The REST side is 20% slower in one trial and 20% faster in another: a process-level effect
    // no pair inside a trial sees.
    const movingTrials = pairedSlicesRatioCI(side([1.2, 0.8, 1]), side([1, 1, 1]), "rest/grpc")!;
    expect(sameTrials.pairs).toBe(18);
    expect(sameTrials.method).toBe("paired-slices");
    expect(movingTrials.high / movingTrials.low).toBeGreaterThan((sameTrials.high / sameTrials.low) * 2);
  });

  it("needs enough pairs: slices without a figure on either side do not pair", () => {
    const rest = { estimate: 1, trials: [[1, null, 1, 1, null]] };
    const grpc = { estimate: 1, trials: [[1, 1, null, 1, 1]] };
    expect(pairedSlicesRatioCI(rest, grpc, "rest/grpc")).toBeNull();
    expect(MIN_PAIRS).toBeGreaterThan(2);
  });

  it("orients the ratio as asked: rps is gRPC over REST", () => {
    const rest = { estimate: 100, trials: [[100, 101, 99, 100, 100]] };
    const grpc = { estimate: 150, trials: [[150, 151, 149, 150, 150]] };
    const ci = pairedSlicesRatioCI(rest, grpc, "grpc/rest")!;
    expect(ci.estimate).toBeCloseTo(1.5);
    expect(ci.low).toBeGreaterThan(1.45);
    expect(ci.high).toBeLessThan(1.55);
  });
});

describe("sliceSpread", () => {
  it("is the slice-to-slice spread of one side, in log terms, pooled over trials", () => {
    expect(sliceSpread([[1, 1, 1, 1]])).toBe(0);
    const spread = sliceSpread([
      [1, 1.1, 0.9, 1],
      [2, 2.2, 1.8, 2],
    ])!;
    expect(spread).toBeGreaterThan(0.05);
    expect(spread).toBeLessThan(0.12);
    expect(sliceSpread([[1], [null, 2]])).toBeNull();
  });
});
