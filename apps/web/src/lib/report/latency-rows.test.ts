import { describe, expect, it } from "vitest";
import { makeRunResult } from "@relix/core/testing/result-fixture";
import { latencyKeyRows } from "./latency-rows";

describe("latencyKeyRows", () => {
  const cell = makeRunResult({ cells: [{ rest: { p50: 0.8, p99: 2.3 }, grpc: { p50: 0.6, p99: 1.8 } }] }).cells[0]!;

  it("a closed loop has one p50 / p99 row", () => {
    expect(latencyKeyRows(cell)).toEqual([["p50 / p99, ms", "0.800 / 2.30", "0.600 / 1.80"]]);
  });

  it("an open loop has the raw row and the corrected one, labelled", () => {
    const open = structuredClone(cell);
    open.rest.correctedLatencyMs = { ...open.rest.latencyMs, p50: 0.9, p99: 812.5 };
    open.grpc.correctedLatencyMs = { ...open.grpc.latencyMs, p50: 0.7, p99: 640.25 };
    expect(latencyKeyRows(open)).toEqual([
      ["p50 / p99 raw (from actual send), ms", "0.800 / 2.30", "0.600 / 1.80"],
      ["p50 / p99 corrected (from intended send), ms", "0.900 / 812.5", "0.700 / 640.3"],
    ]);
  });
});
