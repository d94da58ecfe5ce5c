import { describe, expect, it } from "vitest";
import { makeRunResult } from "@relix/core/testing/result-fixture";
import { makeSweepResult } from "@relix/core/testing/sweep-fixture";
import { compareCells } from "./compare-rows";
import { compareCrossovers } from "./compare-sweeps";

const axes = [
  { dimension: "records", values: [1, 10, 100, 1000] },
  { dimension: "network", values: ["loopback", "cross-region"] },
] as const;
const before = makeSweepResult({
  axes: [...axes],
  speedupAt: (c) => (c.network === "cross-region" ? 1.6 : (c.records as number) >= 1000 ? 1.4 : 0.7),
});
const after = makeSweepResult({
  id: "r_fixture0002",
  axes: [...axes],
  speedupAt: (c) => (c.network === "cross-region" ? 1.6 : (c.records as number) >= 100 ? 1.4 : 0.7),
});

describe("compare sweeps", () => {
  it("lines the crossovers of two runs up by workload, dimension and row", () => {
    const rows = compareCrossovers([
      { id: "a", result: before },
      { id: "b", result: after },
    ]);
    expect(rows.map((r) => r.label)).toEqual(["records on loopback", "records on cross-region"]);
    expect(rows[0]!.values).toEqual([
      "about 316 records (100 records – 1,000 records)",
      "about 32 records (10 records – 100 records)",
    ]);
    expect(rows[1]!.values).toEqual(["none in range", "none in range"]);
  });

  it("keeps each grid point its own cell, and has no crossover rows for runs without a sweep", () => {
    const cells = compareCells([
      { id: "a", result: before },
      { id: "b", result: after },
    ]);
    expect(cells).toHaveLength(8);
    expect(cells.map((c) => c.title)).toContain("Items, list · warm · cross-region · 1,000 records");
    expect(
      compareCrossovers([
        { id: "a", result: makeRunResult() },
        { id: "b", result: makeRunResult() },
      ]),
    ).toEqual([]);
  });
});
