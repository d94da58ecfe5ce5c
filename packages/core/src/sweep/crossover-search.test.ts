import { describe, expect, it } from "vitest";
import { brackets, nextProbe, refineRow, type RowSample, type SweepWinner } from "./crossover-search";
import { describeRow } from "../render/sweeps/crossover-text";

/** A synthetic row: REST wins below `boundary`, gRPC from it up, with an optional tie zone around it. */
const measureWith =
  (boundary: number, tieRatio = 1) =>
  (value: number): SweepWinner =>
    value >= boundary * tieRatio ? "grpc" : value < boundary / tieRatio ? "rest" : "none";

const gridOf = (values: number[], winnerAt: (v: number) => SweepWinner | null): RowSample[] =>
  values.map((value) => ({ value, winner: winnerAt(value) }));

const budgetOf = (points: number) => {
  let left = points;
  return { take: () => left-- > 0, used: () => points - Math.max(0, left) };
};

const grid = [1, 10, 100, 1000, 10000];

describe("the crossover search", () => {
  it("brackets the change of winner, a tie zone between them included", () => {
    expect(brackets(gridOf(grid, measureWith(3000)))).toEqual([
      { low: 1000, high: 10000, winnerBelow: "rest", winnerAbove: "grpc" },
    ]);
    const withTie: RowSample[] = gridOf(grid, (v) => (v <= 10 ? "rest" : v === 100 ? "none" : "grpc"));
    expect(brackets(withTie)).toEqual([{ low: 10, high: 1000, winnerBelow: "rest", winnerAbove: "grpc" }]);
  });

  it("bisects geometrically down to the resolution and finds a known boundary", async () => {
    const truth = measureWith(3000);
    const budget = budgetOf(8);
    const { samples, stoppedEarly } = await refineRow(gridOf(grid, truth), 1.25, budget, async (v) => truth(v));
    expect(stoppedEarly).toBe(false);
    const [found] = describeRow({ workload: "item.list", dimension: "records", row: { network: "loopback" }, samples });
    expect(found!.status).toBe("found");
    expect(found!.winnerAbove).toBe("grpc");
    expect(found!.low! < 3000 && found!.high! >= 3000).toBe(true);
    expect(found!.high! / found!.low!).toBeLessThanOrEqual(1.25);
    expect(found!.estimate).toBe(Math.round(Math.sqrt(found!.low! * found!.high!)));
    expect(found!.text).toMatch(
      /^gRPC starts to win at about [\d,]+ records on loopback \(between [\d,]+ and [\d,]+\)$/,
    );
    // Every new point is an integer strictly inside the first bracket.
    for (const s of samples.slice(grid.length)) {
      expect(Number.isInteger(s.value)).toBe(true);
      expect(s.value > 1000 && s.value < 10000).toBe(true);
    }
  });

  it("reports a row with one winner throughout as no crossover, measuring nothing more", async () => {
    const measure = async () => "grpc" as const;
    const { samples } = await refineRow(
      gridOf(grid, () => "grpc"),
      1.25,
      budgetOf(8),
      measure,
    );
    expect(samples).toHaveLength(grid.length);
    const [none] = describeRow({
      workload: "item.list",
      dimension: "records",
      row: { network: "cross-region" },
      samples,
    });
    expect(none).toMatchObject({ status: "none", winnerAbove: "grpc", low: 1, high: 10000 });
    expect(none!.text).toBe("gRPC wins at every size from 1 to 10,000 records at 147 ms RTT (cross-region)");
    const rising = gridOf(grid, (v) => (v >= 1000 ? "rest" : "none"));
    expect(describeRow({ workload: "w", dimension: "records", row: {}, samples: rising })[0]!.text).toBe(
      "REST wins from 1,000 records up, with no significant difference below (from 1 record to 100 records)",
    );
    const fromTen = gridOf(grid, (v) => (v >= 10 ? "rest" : "none"));
    expect(describeRow({ workload: "w", dimension: "records", row: {}, samples: fromTen })[0]!.text).toBe(
      "REST wins from 10 records up, with no significant difference below (at 1 record)",
    );
    const [tie] = describeRow({ workload: "w", dimension: "records", row: {}, samples: gridOf(grid, () => "none") });
    expect(tie!.text).toBe("no significant difference at any size from 1 to 10,000 records");
  });

  it("finds a crossover at the edge of the range", async () => {
    const truth = measureWith(5); // only the first grid value is below it
    const { samples } = await refineRow(gridOf(grid, truth), 1.25, budgetOf(8), async (v) => truth(v));
    const [found] = describeRow({ workload: "item.list", dimension: "records", row: {}, samples });
    expect(found).toMatchObject({ status: "found", winnerAbove: "grpc" });
    expect(found!.low).toBe(4);
    expect(found!.high).toBe(5);
  });

  it("stops when the refinement budget is spent, leaving the bracket it reached", async () => {
    const truth = measureWith(3000);
    const budget = budgetOf(2);
    const { samples, stoppedEarly } = await refineRow(gridOf(grid, truth), 1.25, budget, async (v) => truth(v));
    expect(stoppedEarly).toBe(true);
    expect(samples).toHaveLength(grid.length + 2);
    const [found] = describeRow({ workload: "item.list", dimension: "records", row: {}, samples });
    expect(found!.status).toBe("found");
    expect(found!.high! / found!.low!).toBeGreaterThan(1.25);
    expect(found!.low! < 3000 && found!.high! >= 3000).toBe(true);
  });

  it("does not bisect forever inside a tie zone", async () => {
    const truth = measureWith(1000, 2); // no significant difference from 500 to 2,000
    const { samples, stoppedEarly } = await refineRow(gridOf(grid, truth), 1.25, budgetOf(24), async (v) => truth(v));
    expect(stoppedEarly).toBe(false);
    const [found] = describeRow({ workload: "item.list", dimension: "records", row: {}, samples });
    expect(found!.low! < 500 && found!.high! >= 2000).toBe(true);
    expect(nextProbe(samples, brackets(samples)[0]!, 1.25)).toBeNull();
  });

  it("reports a row without any verdict as unresolved, saying why", () => {
    const [row] = describeRow(
      { workload: "item.list", dimension: "records", row: { network: "same-zone" }, samples: [] },
      "placement refused",
    );
    expect(row).toMatchObject({ status: "unresolved" });
    expect(row!.text).toBe("no verdict at 0.5 ms RTT (same-zone): placement refused");
  });
});
