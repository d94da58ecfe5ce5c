import { describe, expect, it } from "vitest";
import { currentGroup, initialLiveState, LIVE_LIMITS, reduceLive, type LiveState } from "./live-state";
import type { CellRef, StreamEvent } from "@relix/core/runner-api/run-events";

const cell = (protocol: "rest" | "grpc", over: Partial<CellRef> = {}): CellRef => ({
  workload: "item.get",
  cacheMode: "warm",
  trial: 1,
  trials: 2,
  protocol,
  index: protocol === "rest" ? 1 : 2,
  total: 4,
  ...over,
});

const sample = (c: CellRef, second: number, errors = 0): StreamEvent => ({
  type: "sample",
  cell: c,
  second,
  requests: 800,
  errors,
  p50Ms: 0.4,
  p99Ms: 1.5,
  warmup: second === 0,
});

function run(events: StreamEvent[], start: LiveState = initialLiveState()): LiveState {
  return events.reduce((state, event, i) => reduceLive(state, event, i + 1), start);
}

describe("reduceLive", () => {
  it("draws REST and gRPC of the same cell on one pair of series", () => {
    const state = run([
      { type: "cell-start", cell: cell("rest"), warmupMs: 1000, durationMs: 3000 },
      sample(cell("rest"), 0),
      sample(cell("rest"), 1),
      { type: "cell-start", cell: cell("grpc"), warmupMs: 1000, durationMs: 3000 },
      sample(cell("grpc"), 0),
    ]);
    expect(state.status).toBe("running");
    const group = currentGroup(state)!;
    expect(group.key).toBe("item.get|warm|1");
    expect(group.series.rest.points).toHaveLength(2);
    expect(group.series.grpc.points).toHaveLength(1);
    expect(state.current?.protocol).toBe("grpc");
    expect(state.samples).toBe(3);
  });

  it("skips events replayed after a reconnect (same SSE ids)", () => {
    const first = run([sample(cell("rest"), 0), sample(cell("rest"), 1)]);
    const replayed = reduceLive(first, sample(cell("rest"), 1), 2);
    expect(replayed).toBe(first);
    expect(reduceLive(first, sample(cell("rest"), 2), 3).samples).toBe(3);
  });

  it("keeps a bounded number of cells however long the run", () => {
    const events: StreamEvent[] = [];
    for (let trial = 1; trial <= 30; trial++) {
      const c = cell("rest", { trial, trials: 30 });
      events.push({ type: "cell-start", cell: c, warmupMs: 0, durationMs: 1000 });
      for (let s = 0; s < 400; s++) events.push(sample(c, s));
      events.push({ type: "cell-end", cell: c, rps: 800, p50Ms: 0.4, p99Ms: 1.5, errors: 0 });
    }
    const state = run(events);
    expect(state.groups.length).toBeLessThanOrEqual(LIVE_LIMITS.groups);
    for (const group of state.groups)
      expect(group.series.rest.points.length).toBeLessThanOrEqual(LIVE_LIMITS.pointsPerSeries);
    expect(state.cellEnds.length).toBeLessThanOrEqual(LIVE_LIMITS.cellEnds);
    expect(currentGroup(state)!.trial).toBe(30);
  });

  it("reports errors as they happen, one line per cell and protocol with a running count", () => {
    const state = run([
      sample(cell("grpc"), 1, 3),
      sample(cell("grpc"), 2, 4),
      { type: "warning", message: "autocannon at 98% CPU" },
    ]);
    expect(state.errors.grpc).toBe(7);
    expect(state.messages).toEqual([
      expect.objectContaining({ level: "error", count: 7, text: expect.stringContaining("gRPC errors in item.get") }),
      expect.objectContaining({ level: "warning", text: "autocannon at 98% CPU" }),
    ]);
  });

  it("follows the run's status, queue position and progress", () => {
    const at = "2025-01-01T00:00:00.000Z";
    let state = run([{ type: "status", status: "queued", position: 2, reason: null, headline: null, at }]);
    expect(state).toMatchObject({ status: "queued", position: 2 });
    state = reduceLive(state, { type: "progress", fraction: 0.25, elapsedMs: 5000, remainingMs: 15000 }, 10);
    state = reduceLive(
      state,
      { type: "status", status: "failed", position: null, reason: "ghz exited with code 1", headline: null, at },
      11,
    );
    expect(state).toMatchObject({
      status: "failed",
      reason: "ghz exited with code 1",
      position: null,
      progress: { fraction: 0.25 },
    });
  });

  it("keeps the same cell under two placements apart, each labelled with its placement", () => {
    const far = cell("rest", { placement: "cross-region" });
    const state = run([
      sample(cell("rest", { placement: "loopback" }), 1),
      sample(far, 1),
      { type: "cell-end", cell: cell("rest", { placement: "loopback" }), rps: 9000, p50Ms: 0.4, p99Ms: 1.3, errors: 0 },
      { type: "cell-end", cell: far, rps: 60, p50Ms: 148, p99Ms: 150, errors: 0 },
    ]);
    expect(state.groups.map((g) => [g.key, g.placement])).toEqual([
      ["item.get|warm|1", undefined],
      ["item.get|warm|1|cross-region", "cross-region"],
    ]);
    expect(state.cellEnds.map((c) => c.placement)).toEqual([undefined, "cross-region"]);
  });

  it("keeps each sweep point's seconds in a group of its own, named by the point", () => {
    const small = cell("rest", { coords: { records: 1 } });
    const large = cell("rest", { coords: { records: 1000 } });
    const added = cell("rest", { coords: { records: 316 }, refinement: true });
    const state = run([sample(small, 0), sample(large, 0), sample(added, 0)]);
    expect(state.groups.map((g) => [g.key, g.point])).toEqual([
      ["item.get|warm|1|records=1", "records=1"],
      ["item.get|warm|1|records=1,000", "records=1,000"],
      ["item.get|warm|1|records=316 (refining)", "records=316 (refining)"],
    ]);
  });

  it("gives a stack beyond express and grpc-js its own group and its own finished row, so its seconds never mix with express's", () => {
    const node = cell("rest", { stack: "node", index: 2 });
    const state = run([
      sample(cell("rest", { stack: "express" }), 0),
      sample(cell("rest", { stack: "express" }), 1),
      sample(node, 0),
      { type: "cell-end", cell: cell("rest", { stack: "express" }), rps: 9000, p50Ms: 0.8, p99Ms: 2, errors: 0 },
      { type: "cell-end", cell: node, rps: 10300, p50Ms: 0.7, p99Ms: 2, errors: 0 },
    ]);
    expect(state.groups.map((g) => g.key)).toEqual(["item.get|warm|1", "item.get|warm|1|node"]);
    expect(state.groups[0]!.series.rest.points).toHaveLength(2);
    expect(state.groups[1]!.stack).toBe("node");
    expect(state.groups[1]!.series.rest.points).toHaveLength(1);
    expect(state.cellEnds.map((c) => [c.stack ?? "default", c.rps])).toEqual([
      ["default", 9000],
      ["node", 10300],
    ]);
  });
});
