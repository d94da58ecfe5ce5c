import { describe, expect, it } from "vitest";
import { makeRunResult } from "@relix/core/testing/result-fixture";
import {
  cacheComparisons,
  latencyPercentileRows,
  payloadRows,
  resourceRows,
  runHeadline,
  speedupRows,
  throughputRows,
  timelineRows,
} from "./report-rows";

const result = makeRunResult({
  spec: { workloads: ["noop", "item.get"], cacheModes: ["warm", "cold"], trials: 3, durationMs: 3000 },
});
const [noop, itemWarm, itemCold] = result.cells;

describe("report rows", () => {
  it("lists one cell per workload and cache mode, none for workloads without a cache", () => {
    expect(result.cells.map((c) => `${c.workload}/${c.cacheMode}`)).toEqual([
      "noop/none",
      "item.get/warm",
      "item.get/cold",
    ]);
  });

  it("gives p50..p99.9 for both protocols straight from the summaries", () => {
    const rows = latencyPercentileRows(itemWarm!);
    expect(rows.map((r) => r.percentile)).toEqual(["p50", "p90", "p95", "p99", "p99.9"]);
    expect(rows[0]).toEqual({
      percentile: "p50",
      rest: itemWarm!.rest.latencyMs.p50,
      grpc: itemWarm!.grpc.latencyMs.p50,
    });
    expect(rows[4]!.rest).toBe(itemWarm!.rest.latencyMs.p999);
  });

  it("has no percentile for a side that recorded no successful request", () => {
    const empty = structuredClone(noop!);
    empty.grpc.latencyMs = { ...empty.grpc.latencyMs, count: 0 };
    expect(latencyPercentileRows(empty).every((r) => r.grpc === null && r.rest !== null)).toBe(true);
  });

  it("labels throughput rows by workload and cache mode", () => {
    expect(throughputRows(result.cells).map((r) => r.cell)).toEqual([
      "No-op (the floor)",
      "Item by id · warm",
      "Item by id · cold",
    ]);
    expect(throughputRows(result.cells)[1]).toMatchObject({ rest: itemWarm!.rest.rps, grpc: itemWarm!.grpc.rps });
  });

  it("shows body and wire bytes per encoding", () => {
    const rows = payloadRows(itemWarm!);
    expect(rows.map((r) => r.measure)).toEqual([
      "Request body",
      "Response body",
      "Wire in / request",
      "Wire out / request",
    ]);
    expect(rows[1]).toMatchObject({
      rest: itemWarm!.payload.rest.responseBodyBytes,
      grpc: itemWarm!.payload.grpc.responseBodyBytes,
    });
    expect(rows[3]!.grpc).toBe(itemWarm!.grpc.server.wireBytesPerRequest!.sent);
  });

  it("puts warm and cold of one workload side by side, warm first", () => {
    const [comparison, ...rest] = cacheComparisons(result.cells);
    expect(rest).toEqual([]);
    expect(comparison!.workload).toBe("item.get");
    expect(comparison!.rows.map((r) => r.cacheMode)).toEqual(["warm", "cold"]);
    expect(comparison!.rows[1]!.restP50).toBe(itemCold!.rest.latencyMs.p50);
    expect(comparison!.rows[0]!.restHitRatio).toBe(1);
  });

  it("turns each cell's comparison into a speedup with an error bar around it", () => {
    const rows = speedupRows(result.cells, "p50");
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.low).toBeLessThanOrEqual(row.speedup);
      expect(row.high).toBeGreaterThanOrEqual(row.speedup);
      expect(row.error[0]).toBeCloseTo(row.speedup - row.low, 12);
      expect(row.text).toMatch(/p50/);
    }
  });

  it("reports server CPU per 1,000 requests and peak RSS per protocol", () => {
    const [row] = resourceRows([itemWarm!]);
    expect(row).toMatchObject({
      restCpu: itemWarm!.rest.server.cpuMsPer1000,
      grpcRss: itemWarm!.grpc.server.peakRssBytes,
    });
  });

  it("lines up both protocols' per-second timeline of a trial", () => {
    const rows = timelineRows(noop!, 2);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({
      second: 0,
      restRps: noop!.trials[1]!.rest.timeline[0]!.requests,
      grpcRps: noop!.trials[1]!.grpc.timeline[0]!.requests,
    });
  });

  it("summarises a multi-cell run in one headline", () => {
    expect(runHeadline(result)).toMatch(/^At p50: (gRPC faster in \d of 3 cells|REST faster in \d of 3)/);
    expect(runHeadline(result)).not.toMatch(/ in 0/);
  });
});
