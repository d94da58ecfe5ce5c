import { describe, expect, it } from "vitest";
import { makeRunResult } from "@relix/core/testing/result-fixture";
import { makeSweepResult } from "@relix/core/testing/sweep-fixture";
import { sweepGrids } from "@relix/core/render/terminal/sweep-table";
import type { SweepCoords } from "@relix/core/sweep/sweep-result";
import { cellPosition, heatFill, sweepPanels, type HeatmapPanel, type LinePanel } from "./sweep-rows";

const records = [1, 10, 100, 1000, 10000];

/** REST ahead on small replies on loopback, gRPC from 1,000 records; gRPC everywhere at 147 ms. */
const recordsByNetwork = (refinements: SweepCoords[] = []) =>
  makeSweepResult({
    axes: [
      { dimension: "records", values: records },
      { dimension: "network", values: ["loopback", "cross-region"] },
    ],
    speedupAt: (c) => (c.network === "cross-region" ? 1.6 : (c.records as number) >= 1000 ? 1.4 : 0.7),
    refinements,
  });

describe("sweep rows", () => {
  it("lays a records x network sweep out as the terminal does: records down, placements across, a crossover line per column that changes", () => {
    const result = recordsByNetwork();
    const [panel] = sweepPanels(result) as [HeatmapPanel];
    expect(panel.kind).toBe("heatmap");
    expect(panel.rows.dimension).toBe("records");
    expect(panel.rows.values).toEqual(records);
    expect(panel.columns?.values).toEqual(["loopback", "cross-region"]);
    expect(panel.grid.map((row) => row[0]?.winner)).toEqual(["rest", "rest", "rest", "grpc", "grpc"]);
    expect(panel.grid.every((row) => row[1]?.winner === "grpc")).toBe(true);
    expect(panel.grid[3]![0]!.label).toBe("1.40x");
    // Only loopback changes: one mark in its column, between the 100 and 1,000 rows, at their log middle.
    expect(panel.marks).toHaveLength(1);
    expect(panel.marks[0]!.column).toBe(0);
    expect(panel.marks[0]!.low).toBeCloseTo(2.5);
    expect(panel.marks[0]!.high).toBeCloseTo(3.5);
    expect(panel.marks[0]!.estimate).toBeCloseTo(3, 1);
    expect(panel.marks[0]!.label).toBe("loopback: gRPC starts to win at about 320 records");
    expect(panel.crossovers.map((c) => c.status)).toEqual(["found", "none"]);
  });

  it("puts the values the search added in their rows, marked, and the line at the boundary of the two rows that bracket it", () => {
    const result = recordsByNetwork([{ records: 300, network: "loopback" }]);
    const [panel] = sweepPanels(result) as [HeatmapPanel];
    expect(panel.rows.values).toEqual([1, 10, 100, 300, 1000, 10000]);
    expect(panel.refined).toEqual([false, false, false, true, false, false]);
    expect(panel.grid[3]![0]?.winner).toBe("rest");
    expect(panel.grid[3]![1]).toBeNull();
    expect(panel.marks.map((m) => [m.column, m.label])).toEqual([
      [0, "loopback: gRPC starts to win at about 550 records"],
    ]);
    expect(panel.marks[0]!.estimate).toBeCloseTo(4, 2);
    // The table view is the terminal's grid, row for row.
    expect(panel.table).toEqual(sweepGrids(result)[0]);
    expect(panel.table.header).toEqual(["records", "loopback", "cross-region"]);
    expect(panel.table.rows.map((r) => r[0])).toEqual([
      "1 record",
      "10 records",
      "100 records",
      "300 records *",
      "1,000 records",
      "10,000 records",
    ]);
    expect(panel.table.rows[3]![2]).toBe("-");
  });

  it("lays one list axis down the page in its own order, one column, no crossover", () => {
    const result = makeSweepResult({
      axes: [{ dimension: "network", values: ["cross-region", "loopback"] }],
      speedupAt: (c) => (c.network === "cross-region" ? 1.6 : 0.7),
    });
    const [panel] = sweepPanels(result) as [HeatmapPanel];
    expect(panel.kind).toBe("heatmap");
    expect(panel.rows.values).toEqual(["cross-region", "loopback"]);
    expect(panel.columns).toBeNull();
    expect(panel.grid.map((row) => row.map((c) => c?.winner))).toEqual([["grpc"], ["rest"]]);
    expect(panel.marks).toEqual([]);
    expect(panel.table.header).toEqual(["network", "p50 speedup [95% CI]"]);
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
    expect(cellPosition([1, 10, 100], Math.sqrt(10))).toBeCloseTo(1);
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
