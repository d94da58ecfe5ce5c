import { describe, expect, it } from "vitest";
import { makeRunResult } from "@relix/core/testing/result-fixture";
import { compareCells } from "./compare-rows";
import { compareStackCells } from "./compare-stacks";

describe("compare stacks", () => {
  it("lines up each stack's p50 and each layer step across runs, a dash where a run did not measure it", () => {
    const plain = makeRunResult({ id: "r_plain00001", spec: { workloads: ["noop"] } });
    const stacked = makeRunResult({
      id: "r_stacked0001",
      spec: { workloads: ["noop"], stacks: ["express", "node", "grpc-js"] },
    });
    const [cell] = compareStackCells(
      compareCells([
        { id: plain.id, result: plain },
        { id: stacked.id, result: stacked },
      ]),
    );
    expect(cell!.rows.map((r) => r.label)).toEqual([
      "express p50, ms",
      "node p50, ms",
      "grpc-js p50, ms",
      "framework: express → node",
    ]);
    expect(cell!.rows[1]!.values).toEqual(["–", "0.700"]);
    expect(cell!.rows[3]!.values[0]).toBe("–");
    expect(cell!.rows[3]!.values[1]).toMatch(/^1\.14x \[/);
  });

  it("has nothing to show when no run measured stacks", () => {
    const plain = makeRunResult({ spec: { workloads: ["noop"] } });
    expect(compareStackCells(compareCells([{ id: plain.id, result: plain }]))).toEqual([]);
  });
});
