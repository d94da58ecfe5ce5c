import { describe, expect, it } from "vitest";
import { liveChartRows, warmupRange } from "./live-chart-rows";
import { currentGroup, initialLiveState, reduceLive } from "./live-state";
import type { CellRef, StreamEvent } from "@relix/core/runner-api/run-events";

const cell = (protocol: "rest" | "grpc"): CellRef => ({
  workload: "noop",
  cacheMode: "none",
  trial: 1,
  trials: 1,
  protocol,
  index: 1,
  total: 2,
});
const sample = (protocol: "rest" | "grpc", second: number, requests: number): StreamEvent => ({
  type: "sample",
  cell: cell(protocol),
  second,
  requests,
  errors: 0,
  p50Ms: protocol === "rest" ? 0.41234 : 0.3,
  p99Ms: 1.5,
  warmup: second < 1,
});

describe("live chart rows", () => {
  it("puts REST and gRPC of one cell on the same seconds", () => {
    const events = [
      sample("rest", 0, 500),
      sample("rest", 1, 900),
      sample("rest", 2, 910),
      sample("grpc", 0, 700),
      sample("grpc", 1, 1200),
    ];
    const state = events.reduce((s, e, i) => reduceLive(s, e, i + 1), initialLiveState("running"));
    const rows = liveChartRows(currentGroup(state));
    expect(rows).toEqual([
      { second: 0, restRps: 500, grpcRps: 700, restP50: 0.412, restP99: 1.5, grpcP50: 0.3, grpcP99: 1.5 },
      { second: 1, restRps: 900, grpcRps: 1200, restP50: 0.412, restP99: 1.5, grpcP50: 0.3, grpcP99: 1.5 },
      { second: 2, restRps: 910, grpcRps: null, restP50: 0.412, restP99: 1.5, grpcP50: null, grpcP99: null },
    ]);
    expect(warmupRange(currentGroup(state))).toEqual([0, 1]);
  });

  it("draws nothing before the first sample", () => {
    expect(liveChartRows(null)).toEqual([]);
    expect(warmupRange(null)).toBeNull();
  });
});
