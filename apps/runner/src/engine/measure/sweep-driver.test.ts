/**
 * The sweep driver's search over rows and placements, with the measuring replaced by a synthetic
 * boundary (REST wins below `boundary` records, gRPC from it up), so the shared refinement budget,
 * the time budget and a refused placement's rows can be checked without the services.
 */
import { describe, expect, it, vi } from "vitest";
import { getWorkload, runSpecSchema, type CellResult, type RunSpec } from "@relix/core";
import type { EngineContext } from "../engine-context";
import type { PlacementCellsPlan, RunProgress } from "./placement-cells";
import { createSweepDriver } from "./sweep-driver";

const boundaries: Record<string, number> = { loopback: 3000, "cross-region": 20 };

vi.mock("../launch/preflight", () => ({
  preflight: async () => ({
    rest: { requestBodyBytes: 0, responseBodyBytes: 0 },
    grpc: { requestBodyBytes: 0, responseBodyBytes: 0 },
    stacks: {},
  }),
}));
vi.mock("./placement-cells", () => ({
  paramsOf: (spec: RunSpec) => ({ records: spec.records }),
  measurePlacementCells: async (plan: PlacementCellsPlan, progress: RunProgress) =>
    plan.cells.map((cell) => {
      progress.index++;
      const winner = plan.spec.records >= boundaries[plan.placement]! ? "grpc" : "rest";
      const estimate = winner === "grpc" ? 2 : 0.5;
      return {
        workload: cell.workload.id,
        cacheMode: cell.resultCacheMode,
        placement: plan.placement,
        comparisons: [
          {
            metric: "p50",
            ci: {
              ratio: "rest/grpc",
              estimate,
              low: estimate * 0.9,
              high: estimate * 1.1,
              confidence: 0.95,
              degenerate: false,
            },
            winner,
            text: `${winner} faster`,
          },
        ],
        verdict: `${winner} faster`,
      } as unknown as CellResult;
    }),
}));

const spec = (maxPoints: number) =>
  runSpecSchema.parse({
    workloads: ["item.list"],
    durationMs: 500,
    warmupMs: 0,
    network: ["loopback", "same-zone", "cross-region"],
    sweep: {
      axes: [
        { dimension: "records", values: [1, 10, 100, 1000, 10000] },
        { dimension: "network", values: ["loopback", "same-zone", "cross-region"] },
      ],
      refine: { resolution: 1.25, maxPoints },
    },
  });

const cells = [{ workload: getWorkload("item.list"), cacheMode: "warm" as const, resultCacheMode: "warm" as const }];
const context = { targets: {} } as unknown as EngineContext;
const progress = (): RunProgress => ({ index: 0, total: 0, pairIndex: 0, measuringStarted: 0, estimateMs: 1 });

async function sweepOf(maxPoints: number, timeBudgetMs?: number) {
  const driver = createSweepDriver(spec(maxPoints), timeBudgetMs === undefined ? {} : { timeBudgetMs });
  const results = await driver.measurePlacement({ placement: "loopback", cells }, progress(), context, () => {});
  driver.placementRefused("same-zone", cells);
  results.push(...(await driver.measurePlacement({ placement: "cross-region", cells }, progress(), context, () => {})));
  return driver.result(results);
}

describe("the sweep driver", () => {
  it("brackets each placement's boundary, a refused placement's row unresolved", async () => {
    const sweep = await sweepOf(24);
    expect(sweep.stoppedEarly).toBeUndefined();
    expect(sweep.crossovers.map((c) => [c.row.network, c.status])).toEqual([
      ["loopback", "found"],
      ["same-zone", "unresolved"],
      ["cross-region", "found"],
    ]);
    for (const c of sweep.crossovers.filter((c) => c.status === "found")) {
      const boundary = boundaries[c.row.network as string]!;
      expect(c.low! < boundary && c.high! >= boundary).toBe(true);
      expect(c.high! / c.low!).toBeLessThanOrEqual(1.25);
    }
    expect(sweep.crossovers[1]!.text).toBe("no verdict at 0.5 ms RTT (same-zone): placement same-zone refused");
    expect(sweep.points.filter((p) => !p.refinement)).toHaveLength(10);
  });

  it("shares the refinement budget across the placements, so a later row still gets points", async () => {
    const sweep = await sweepOf(4);
    expect(sweep.stoppedEarly).toMatch(/refinement budget \(4 points\) was spent/);
    const refined = sweep.points.filter((p) => p.refinement);
    expect(refined).toHaveLength(4);
    expect(refined.some((p) => p.coords.network === "cross-region")).toBe(true);
    expect(sweep.crossovers.filter((c) => c.status === "found")).toHaveLength(2);
  });

  it("adds no point once the time budget is spent, and says so", async () => {
    const sweep = await sweepOf(24, 0);
    expect(sweep.points.filter((p) => p.refinement)).toHaveLength(0);
    expect(sweep.stoppedEarly).toMatch(/time bound/);
    expect(sweep.crossovers[0]).toMatchObject({ status: "found", low: 1000, high: 10000 });
  });
});
