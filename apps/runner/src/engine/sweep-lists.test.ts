/**
 * Sweeps over the run's own lists, end to end against the real services (autocannon, h2load and
 * ghz): a stacks axis and a cache-modes axis each crossed with item.list's records, and a sweep
 * of a list alone. What is asserted is what a user reads: a point per cell and list value with its
 * interval, a crossover row per list value whose sentence names it, and a grid with a column per
 * list value and a figure in every measured cell.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runResultSchema, runSpecSchema, type RunResult } from "@relix/core";
import { renderMarkdownReport } from "@relix/core/render/markdown/markdown";
import { sweepGrids, sweepSentences, type SweepGrid } from "@relix/core/render/terminal/sweep-table";
import { renderTableReport } from "@relix/core/render/terminal/table";
import type { EngineContext } from "./engine-context";
import { runBenchmark } from "./run-benchmark";
import type { CellRef, RunEvent } from "./run-events";
import { testEngineContext } from "./testing/engine-context";
import { startLocalServices, type LocalServices } from "./testing/local-services";

let local: LocalServices;
let context: EngineContext;

beforeAll(async () => {
  local = await startLocalServices();
  context = await testEngineContext(local.targets);
});

afterAll(async () => {
  await local?.services.stop();
});

// Windows counted in calls, not time: a side needs 10 calls for its interval, and on two loaded
// cores a 500 ms window of 1,000 records could hold fewer (a bare "(1 trial)" point once on CI).
const short = { connections: 2, warmupMs: 100, requests: 40, trials: 1 } as const;

async function sweepRun(spec: unknown, events: RunEvent[] = []): Promise<RunResult> {
  const result = await runBenchmark(runSpecSchema.parse(spec), {
    services: local.services,
    context,
    onEvent: (e) => events.push(e),
  });
  expect(() => runResultSchema.parse(JSON.parse(JSON.stringify(result)))).not.toThrow();
  return result;
}

/** A grid's cells: "-" is drawn only where nothing was measured. */
const figures = (grid: SweepGrid) => grid.rows.flatMap((row) => row.slice(1));

describe("a records x stacks sweep of item.list, warm cache, end to end", () => {
  let result: RunResult;
  const events: RunEvent[] = [];

  beforeAll(async () => {
    result = await sweepRun(
      {
        ...short,
        workloads: ["item.list"],
        cacheModes: ["warm"],
        sweep: {
          axes: [
            { dimension: "records", values: [1, 1000] },
            { dimension: "stacks", values: ["node", "h2c"] },
          ],
          refine: { resolution: 4, maxPoints: 2 },
        },
      },
      events,
    );
  }, 120_000);

  it("records a point per records value and stack, each with its p50 interval", () => {
    const grid = result.sweep!.points.filter((p) => !p.refinement);
    expect(grid.map((p) => p.coords)).toEqual([
      { records: 1, stacks: "node" },
      { records: 1, stacks: "h2c" },
      { records: 1000, stacks: "node" },
      { records: 1000, stacks: "h2c" },
    ]);
    for (const p of result.sweep!.points) {
      expect(p.p50?.ratio).toBe("rest/grpc");
      // An interval, not a bare point estimate: from sub-windows, or from the calls of a thin window.
      expect(p.p50!.degenerate).toBe(false);
      expect(p.p50!.low).toBeLessThanOrEqual(p.p50!.estimate);
      expect(p.p50!.high).toBeGreaterThanOrEqual(p.p50!.estimate);
    }
    // The two stacks are measured, not copied from one another.
    const at1 = grid.filter((p) => p.coords.records === 1).map((p) => p.p50!.estimate);
    expect(at1[0]).not.toBe(at1[1]);
  });

  it("makes one crossover row per stack, its sentence naming the stack and what it is set against", () => {
    const { crossovers } = result.sweep!;
    expect(crossovers.map((c) => [c.workload, c.dimension, c.row])).toEqual([
      ["item.list", "records", { stacks: "node" }],
      ["item.list", "records", { stacks: "h2c" }],
    ]);
    expect(crossovers[0]!.text).toContain("through node (against grpc-js)");
    expect(crossovers[1]!.text).toContain("through h2c (against grpc-js)");
  });

  it("draws a grid with a column per stack and a figure in every cell, in the terminal and the Markdown report", () => {
    const [grid, ...more] = sweepGrids(result);
    expect(more).toEqual([]);
    expect(grid!.header).toEqual(["records", "node", "h2c"]);
    expect(grid!.rows.map((r) => r[0])).toEqual(expect.arrayContaining(["1 record", "1,000 records"]));
    for (const cell of figures(grid!)) expect(cell).toMatch(/^\d+\.\d+x \[.*\] (gRPC|REST|no diff)$/);

    const terminal = renderTableReport(result, { color: false });
    expect(terminal).toContain("Sweep: item.list");
    expect(terminal).toMatch(/records\s+node\s+h2c/);
    expect(terminal).toContain("through h2c (against grpc-js)");
    const markdown = renderMarkdownReport(result);
    const section = markdown.slice(markdown.indexOf("## Sweep"));
    const table = section.slice(section.indexOf("| records | node | h2c |"), section.indexOf("Each point:"));
    expect(table.split("\n").filter((line) => /^\| \d/.test(line))).toHaveLength(grid!.rows.length);
    expect(table).not.toMatch(/\| - \|/);
    expect(section).toContain("through node (against grpc-js)");
  });

  it("names each measured cell's point and stack in its events", () => {
    const starts = events.filter((e): e is Extract<RunEvent, { type: "cell-start" }> => e.type === "cell-start");
    const planned = starts.map((e) => e.cell).filter((c) => !c.refinement);
    const at = (records: number) => planned.filter((c) => c.coords?.records === records).map((c) => c.stack);
    expect(at(1).sort()).toEqual(["express", "grpc-js", "h2c", "node"]);
    expect(at(1000).sort()).toEqual(["express", "grpc-js", "h2c", "node"]);
    for (const c of starts.map((e) => e.cell).filter((c: CellRef) => c.refinement)) {
      expect(c.coords!.records).toBeGreaterThan(1);
      expect(c.coords!.records).toBeLessThan(1000);
    }
    // Live samples carry the same cell reference as cell-start (measure-protocol.ts); they come once
    // a second, so windows this short may well end before the first.
  });
});

describe("a cacheModes x records sweep of item.list, end to end", () => {
  let result: RunResult;

  beforeAll(async () => {
    result = await sweepRun({
      ...short,
      workloads: ["item.list"],
      sweep: {
        axes: [
          { dimension: "cacheModes", values: ["warm", "cold"] },
          { dimension: "records", values: [1, 100] },
        ],
        refine: { resolution: 4, maxPoints: 2 },
      },
    });
  }, 120_000);

  it("measures each cache mode at each records value, one point each with its interval", () => {
    const grid = result.cells.filter((c) => !c.refinement);
    expect(grid.map((c) => [c.coords?.records, c.cacheMode])).toEqual([
      [1, "warm"],
      [1, "cold"],
      [100, "warm"],
      [100, "cold"],
    ]);
    expect(result.sweep!.points.filter((p) => !p.refinement).map((p) => p.coords)).toEqual([
      { records: 1, cacheModes: "warm" },
      { records: 1, cacheModes: "cold" },
      { records: 100, cacheModes: "warm" },
      { records: 100, cacheModes: "cold" },
    ]);
    for (const p of result.sweep!.points) expect(p.p50).not.toBeNull();
  });

  it("makes one crossover row per cache mode, said with its cache", () => {
    const { crossovers } = result.sweep!;
    expect(crossovers.map((c) => c.row)).toEqual([{ cacheModes: "warm" }, { cacheModes: "cold" }]);
    expect(crossovers[0]!.text).toContain("with a warm cache");
    expect(crossovers[1]!.text).toContain("with a cold cache");
  });

  it("draws one grid, records down and a column per cache mode, a figure in every measured cell", () => {
    const [grid, ...more] = sweepGrids(result);
    expect(more).toEqual([]);
    expect(grid!.title).toBe("item.list");
    expect(grid!.header).toEqual(["records", "warm", "cold"]);
    // Every grid value is measured under both modes; a value the search added ("*") is measured in
    // the mode whose row it refined only, so the other column shows "-" there.
    // Both modes' rows may refine the same value (their crossovers in one interval): then both have it.
    for (const row of grid!.rows) {
      if (!row[0]!.endsWith(" *")) {
        expect(row.slice(1)).not.toContain("-");
        continue;
      }
      const records = Number(row[0]!.replace(/[^\d]/g, ""));
      const refinedIn = result
        .sweep!.points.filter((p) => p.refinement && p.coords.records === records)
        .map((p) => p.coords.cacheModes);
      const measuredIn = grid!.header.slice(1).filter((_, i) => row[i + 1] !== "-");
      expect(refinedIn.length).toBeGreaterThan(0);
      expect(measuredIn.sort()).toEqual([...refinedIn].sort());
    }
    expect(renderMarkdownReport(result)).toContain("| records | warm | cold |");
  });
});

describe("a sweep of lists alone, end to end", () => {
  it("stacks only: no search, a row per stack with its figure, and no crossover sentence", async () => {
    const result = await sweepRun({
      ...short,
      workloads: ["item.list"],
      cacheModes: ["warm"],
      sweep: { axes: [{ dimension: "stacks", values: ["node", "h2c"] }] },
    });
    expect(result.cells.some((c) => c.refinement)).toBe(false);
    expect(result.sweep!.crossovers).toEqual([]);
    expect(result.sweep!.points.map((p) => p.coords)).toEqual([{ stacks: "node" }, { stacks: "h2c" }]);
    const [grid, ...more] = sweepGrids(result);
    expect(more).toEqual([]);
    expect(grid!.header).toEqual(["stacks", "p50 speedup [95% CI]"]);
    expect(grid!.rows.map((r) => r[0])).toEqual(["node", "h2c"]);
    expect(figures(grid!)).not.toContain("-");
    // Nothing is searched, so nothing is said about a crossover: the grid's verdicts and the stacks'
    // own table say who wins.
    expect(sweepSentences(result)).toEqual([]);
    const terminal = renderTableReport(result, { color: false });
    expect(terminal).toContain("Sweep: item.list");
    expect(terminal).toContain("Stacks · item.list");
  }, 120_000);

  it("cache modes only: a row per mode with its figure", async () => {
    const result = await sweepRun({
      ...short,
      workloads: ["item.list"],
      sweep: { axes: [{ dimension: "cacheModes", values: ["warm", "cold"] }] },
    });
    expect(result.sweep!.crossovers).toEqual([]);
    expect(result.sweep!.points.map((p) => p.coords)).toEqual([{ cacheModes: "warm" }, { cacheModes: "cold" }]);
    const [grid] = sweepGrids(result);
    expect(grid!.rows.map((r) => r[0])).toEqual(["warm", "cold"]);
    expect(figures(grid!)).not.toContain("-");
    expect(sweepSentences(result)).toEqual([]);
  }, 120_000);
});
