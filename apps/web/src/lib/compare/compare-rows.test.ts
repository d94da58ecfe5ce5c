import { describe, expect, it } from "vitest";
import { makeRunResult } from "@relix/core/testing/result-fixture";
import { compareCells, compareSpeedupRows, parseRunIds, specDifferences } from "./compare-rows";

const a = {
  id: "runAAAAAAAA",
  result: makeRunResult({
    spec: { workloads: ["noop", "item.get"], cacheModes: ["warm"], trials: 2 },
    id: "runAAAAAAAA",
  }),
};
const b = {
  id: "runBBBBBBBB",
  result: makeRunResult({
    spec: { workloads: ["item.get", "echo"], cacheModes: ["warm"], trials: 2, connections: 32 },
    id: "runBBBBBBBB",
  }),
};

describe("compare rows", () => {
  it("lines up the same cell across runs, leaving gaps where a run did not measure it", () => {
    const cells = compareCells([a, b]);
    expect(cells.map((c) => c.key)).toEqual(["noop|none", "item.get|warm", "echo|none"]);
    expect(cells[0]!.runs.map((r) => r?.workload ?? null)).toEqual(["noop", null]);
    expect(cells[1]!.runs.every((r) => r?.workload === "item.get")).toBe(true);
  });

  it("gives each run its own speedup bar and error bar per cell", () => {
    const rows = compareSpeedupRows(compareCells([a, b]), "p50");
    expect(rows[1]).toMatchObject({ cell: "Item by id · warm", run0: expect.any(Number), run1: expect.any(Number) });
    expect(rows[0]!.run1).toBeNull();
    expect((rows[1]!.run0Error as number[]).length).toBe(2);
  });

  it("names the spec fields that differ", () => {
    expect(specDifferences([a, b]).map((d) => d.field)).toEqual(["workloads", "connections"]);
  });

  it("reads run ids from either URL form, once each", () => {
    expect(parseRunIds("a1,b2, c3")).toEqual(["a1", "b2", "c3"]);
    expect(parseRunIds(["a1", "b2,a1"])).toEqual(["a1", "b2"]);
    expect(parseRunIds(undefined)).toEqual([]);
  });

  it("keeps each placement's cell apart, a loopback cell matching an older run's, and names a differing network", () => {
    const placed = {
      id: "runCCCCCCCC",
      result: makeRunResult({
        spec: { workloads: ["noop"], trials: 2, network: ["loopback", "cross-region"] },
        id: "runCCCCCCCC",
      }),
    };
    const cells = compareCells([a, placed]);
    expect(cells.map((c) => c.key)).toEqual(["noop|none", "item.get|warm", "noop|none|cross-region"]);
    expect(cells[0]!.runs.map((r) => r?.placement ?? null)).toEqual([null, "loopback"]);
    expect(cells[2]!.title).toBe("No-op (the floor) · cross-region");
    expect(specDifferences([a, placed]).find((d) => d.field === "network")?.values).toEqual([
      "loopback",
      "loopback, cross-region",
    ]);
  });
});
