import { describe, expect, it } from "vitest";
import { makeRunResult } from "@relix/core/testing/result-fixture";
import { makeSweepResult } from "@relix/core/testing/sweep-fixture";
import { columnPosition, heatFill, sweepPanels, type HeatmapPanel, type LinePanel } from "./sweep-rows";

const records = [1, 10, 100, 1000, 10000];

describe("sweep rows", () => {
  it("lays a records x network sweep out as a heatmap: rows are placements, columns records, a crossover line per row that changes", () => {
    const result = makeSweepResult({
      axes: [
        { dimension: "records", values: records },
        { dimension: "network", values: ["loopback", "cross-region"] },
      ],
      speedupAt: (c) => (c.network === "cross-region" ? 1.6 : (c.records as number) >= 1000 ? 1.4 : 0.7),
    });
    const [panel] = sweepPanels(result) as [HeatmapPanel];
    expect(panel.kind).toBe("heatmap");
    expect(panel.columns.dimension).toBe("records");
    expect(panel.rows?.values).toEqual(["loopback", "cross-region"]);
    expect(panel.grid[0]!.map((c) => c?.winner)).toEqual(["rest", "rest", "rest", "grpc", "grpc"]);
    expect(panel.grid[1]!.every((c) => c?.winner === "grpc")).toBe(true);
    expect(panel.grid[0]![3]!.label).toBe("1.40x");
    // Only loopback changes: one mark, between the 100 and 1,000 columns, at their log middle.
    expect(panel.marks).toHaveLength(1);
    expect(panel.marks[0]!.row).toBe(0);
    expect(panel.marks[0]!.low).toBeCloseTo(2.5);
    expect(panel.marks[0]!.high).toBeCloseTo(3.5);
    expect(panel.marks[0]!.estimate).toBeCloseTo(3, 1);
    expect(panel.crossovers.map((c) => c.status)).toEqual(["found", "none"]);
  });

  it("draws one numeric axis as a line on its values, refinement points included and flagged", () => {
    const result = makeSweepResult({
      axes: [{ dimension: "payloadBytes", values: [1024, 16384, 262144] }],
      workload: "upload",
      speedupAt: (c) => ((c.payloadBytes as number) > 20000 ? 1.3 : 0.8),
      refinements: [{ payloadBytes: 65536 }],
    });
    const [panel] = sweepPanels(result) as [LinePanel];
    expect(panel.kind).toBe("line");
    expect(panel.line.map((p) => p.x)).toEqual([1024, 16384, 65536, 262144]);
    expect(panel.line.map((p) => p.refinement)).toEqual([false, false, true, false]);
    expect(panel.line[0]!.band![0]).toBeLessThan(panel.line[0]!.speedup!);
    expect(panel.crossovers[0]).toMatchObject({ status: "found", low: 16384, high: 65536 });
  });

  it("colours a tie neutral and the two winners in opposite hues, stronger further from 1", () => {
    expect(heatFill(1.02, false, 4).fill).toBe("#e2e8f0");
    const grpc = heatFill(3, true, 4).fill;
    const rest = heatFill(1 / 3, true, 4).fill;
    expect(grpc).not.toBe(rest);
    expect(heatFill(4, true, 4).fill).toBe("rgb(37, 99, 235)");
    expect(columnPosition([1, 10, 100], Math.sqrt(10))).toBeCloseTo(1);
  });

  it("has no panel for a result without a sweep", () => {
    expect(sweepPanels(makeRunResult())).toEqual([]);
  });
});

describe("sweep rows: the run's own lists beside the axes", () => {
  it("keeps two placements of a records sweep apart: a line each, with its own crossovers", () => {
    const result = makeSweepResult({
      axes: [
        { dimension: "records", values: [1, 10, 100, 1000] },
        { dimension: "network", values: ["loopback", "cross-region"] },
      ],
      speedupAt: (c) => (c.network === "cross-region" ? 1.6 : (c.records as number) >= 1000 ? 1.4 : 0.7),
    });
    // The same points as a run sweeping records alone under two placements would record.
    const oneAxis = {
      ...result,
      spec: { ...result.spec, sweep: { ...result.spec.sweep!, axes: [result.spec.sweep!.axes[0]!] } },
    };
    const panels = sweepPanels(oneAxis) as LinePanel[];
    expect(panels.map((p) => [p.kind, p.context, p.line.length])).toEqual([
      ["line", "loopback", 4],
      ["line", "cross-region", 4],
    ]);
    expect(panels[0]!.crossovers.map((c) => c.status)).toEqual(["found"]);
    expect(panels[1]!.crossovers.map((c) => c.status)).toEqual(["none"]);
  });
});
