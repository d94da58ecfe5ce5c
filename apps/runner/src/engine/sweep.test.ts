/**
 * A short real sweep: upload's payload at two sizes against the real services, each a set of
 * cells measured like any other, the crossover search bisecting between them when the winner
 * changes, and result.sweep holding the points and one crossover entry for the one row.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runResultSchema, runSpecSchema, type RunResult } from "@relix/core";
import type { EngineContext } from "./engine-context";
import { runBenchmark } from "./run-benchmark";
import type { RunEvent } from "./run-events";
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

describe("a sweep of upload's payload size, end to end", () => {
  let result: RunResult;
  const events: RunEvent[] = [];
  const sizes = [1024, 1024 * 1024];

  beforeAll(async () => {
    const spec = runSpecSchema.parse({
      workloads: ["upload"],
      connections: 2,
      warmupMs: 100,
      durationMs: 500,
      trials: 1,
      sweep: { axes: [{ dimension: "payloadBytes", values: sizes }], refine: { resolution: 4, maxPoints: 2 } },
    });
    result = await runBenchmark(spec, { services: local.services, context, onEvent: (e) => events.push(e) });
  }, 120_000);

  it("measures each grid value as its own cell, with its coordinates, and writes a valid result", () => {
    expect(() => runResultSchema.parse(JSON.parse(JSON.stringify(result)))).not.toThrow();
    const grid = result.cells.filter((c) => !c.refinement);
    expect(grid.map((c) => c.coords)).toEqual(sizes.map((payloadBytes) => ({ payloadBytes })));
    // The knob reached the request: the body grows with the size.
    expect(grid[1]!.payload.rest.requestBodyBytes).toBeGreaterThan(grid[0]!.payload.rest.requestBodyBytes * 100);
  });

  it("records every cell as a point with its p50 interval and verdict, refinements flagged and inside the range", () => {
    const sweep = result.sweep!;
    expect(sweep.points).toHaveLength(result.cells.length);
    expect(sweep.points.filter((p) => !p.refinement).map((p) => p.coords.payloadBytes)).toEqual(sizes);
    const refinements = sweep.points.filter((p) => p.refinement);
    expect(refinements.length).toBeLessThanOrEqual(2);
    for (const p of refinements) {
      expect(p.coords.payloadBytes).toBeGreaterThan(sizes[0]!);
      expect(p.coords.payloadBytes).toBeLessThan(sizes[1]!);
    }
    for (const p of sweep.points) {
      expect(p.workload).toBe("upload");
      expect(p.p50?.ratio).toBe("rest/grpc");
      expect(p.verdict.length).toBeGreaterThan(0);
    }
  });

  it("says for the one row where the winner changes, or that it never does", () => {
    const [crossover, ...more] = result.sweep!.crossovers;
    expect(more).toEqual([]);
    expect(crossover).toMatchObject({ workload: "upload", dimension: "payloadBytes", row: {} });
    if (crossover!.status === "found") {
      expect(crossover!.low).toBeLessThan(crossover!.high!);
      expect(crossover!.text).toMatch(/starts to win at about/);
    } else {
      expect(crossover!.status).toBe("none");
      expect(crossover!.text).toMatch(/at every size|no significant difference/);
    }
  });

  it("tells which sweep point it is measuring", () => {
    const phases = events.filter((e) => e.type === "phase").map((e) => (e as { message: string }).message);
    expect(phases.some((m) => m.includes("sweep point payloadBytes=1048576 (2 of 2)"))).toBe(true);
  });
});

describe("a sweep of item.list's records, end to end", () => {
  let result: RunResult;

  beforeAll(async () => {
    const spec = runSpecSchema.parse({
      workloads: ["item.list"],
      cacheModes: ["warm", "cold"],
      connections: 2,
      warmupMs: 100,
      durationMs: 500,
      trials: 1,
      sweep: { axes: [{ dimension: "records", values: [1, 1000] }], refine: { resolution: 4, maxPoints: 1 } },
    });
    result = await runBenchmark(spec, { services: local.services, context });
  }, 120_000);

  it("sets the records in each reply, and makes one row per cache mode", () => {
    const grid = result.cells.filter((c) => !c.refinement);
    expect(grid.map((c) => [c.cacheMode, c.coords?.records])).toEqual([
      ["warm", 1],
      ["cold", 1],
      ["warm", 1000],
      ["cold", 1000],
    ]);
    const warm = grid.filter((c) => c.cacheMode === "warm");
    expect(warm[1]!.payload.grpc.responseBodyBytes).toBeGreaterThan(warm[0]!.payload.grpc.responseBodyBytes * 100);
    const rows = result.sweep!.crossovers.map((c) => c.row);
    expect(rows).toEqual([{ cacheModes: "warm" }, { cacheModes: "cold" }]);
    expect(result.sweep!.points.filter((p) => p.refinement).length).toBeLessThanOrEqual(1);
  });
});
