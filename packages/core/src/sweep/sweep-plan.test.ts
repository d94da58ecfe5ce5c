import { describe, expect, it } from "vitest";
import { estimateMeasuringMs } from "../presets/measuring-time";
import { runSpecSchema } from "../spec/run-spec";
import { MAX_TOTAL_RUN_MS } from "../spec/bounds";
import { gridPoints, numericGrid, specAtCoords, sweepListsApplied } from "./sweep-plan";

const spec = (sweep: unknown, extra: Record<string, unknown> = {}) =>
  runSpecSchema.parse({ workloads: ["item.list"], durationMs: 1000, warmupMs: 0, sweep, ...extra });

describe("sweep planning", () => {
  const twoAxes = spec({
    axes: [
      { dimension: "records", values: [1, 10, 100] },
      { dimension: "network", values: ["loopback", "cross-region"] },
    ],
  });

  it("crosses the axes' values into the grid, and the numeric ones into the knobs' combinations", () => {
    expect(gridPoints(twoAxes.sweep!)).toHaveLength(6);
    expect(gridPoints(twoAxes.sweep!)[1]).toEqual({ records: 1, network: "cross-region" });
    expect(numericGrid(twoAxes.sweep!)).toEqual([{ records: 1 }, { records: 10 }, { records: 100 }]);
  });

  it("lays a list axis out as the run's own list", () => {
    expect(sweepListsApplied(twoAxes).network).toEqual(["loopback", "cross-region"]);
    const stacks = spec({
      axes: [
        { dimension: "payloadBytes", values: [10, 100] },
        { dimension: "stacks", values: ["node", "grpc-js"] },
      ],
    });
    expect(sweepListsApplied(stacks).stacks).toEqual(["express", "node", "grpc-js"]);
  });

  it("sets the knobs at a point, and a swept connection count replaces the workloads' own loads", () => {
    expect(specAtCoords(twoAxes, { records: 1000 }).records).toBe(1000);
    const withLoads = spec(
      { axes: [{ dimension: "connections", values: [1, 8] }] },
      { workloadLoads: { "item.list": { rate: 10, connections: 2 } } },
    );
    const at = specAtCoords(withLoads, { connections: 8 });
    expect(at.connections).toBe(8);
    expect(at.workloadLoads).toBeUndefined();
  });

  it("estimates every grid point and the refinement budget's worst case", () => {
    // 3 records values x 2 placements x 1 cell x 4 sides x 1 s, plus 8 refinement cells x 4 sides x
    // 1 s: a sweep measures its pair by the tools and by one client for both.
    expect(estimateMeasuringMs(twoAxes)).toBe(3 * 2 * 4 * 1000 + 8 * 4 * 1000);
    const listsOnly = spec({ axes: [{ dimension: "network", values: ["loopback", "cross-region"] }] });
    expect(estimateMeasuringMs(listsOnly)).toBe(2 * 4 * 1000);
  });

  it("can tell a sweep beyond the time bound", () => {
    const long = spec(
      { axes: [{ dimension: "records", values: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] }] },
      { durationMs: 300_000, trials: 2 },
    );
    expect(estimateMeasuringMs(long)!).toBeGreaterThan(MAX_TOTAL_RUN_MS);
  });
});
