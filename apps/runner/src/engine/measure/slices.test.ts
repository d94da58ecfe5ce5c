import { describe, expect, it } from "vitest";
import type { ServerStatsSnapshot } from "@relix/io";
import { joinedSnapshots } from "./server-stats";
import {
  callsPerSlice,
  joinSlices,
  MAX_SLICES,
  MIN_CALLS_PER_SLICE,
  MIN_LEAD_MS,
  MIN_SLICE_MS,
  planSlices,
  roundOrder,
} from "./slices";

describe("planSlices", () => {
  it("cuts a 2 s window of fast calls into the most slices allowed", () => {
    const plan = planSlices(2_000, [
      { rps: 8_000, p50Ms: 1 },
      { rps: 6_000, p50Ms: 1.2 },
    ]);
    expect(plan.count).toBe(MAX_SLICES);
    expect(plan.lengthMs).toBe(2_000 / MAX_SLICES);
    expect(plan.lengthMs).toBeGreaterThanOrEqual(MIN_SLICE_MS);
    expect(plan.leadMs).toBe(MIN_LEAD_MS);
  });

  it("lengthens the slices until the slowest side has enough calls in each", () => {
    // 100 ms calls, 8 in flight: 80 calls a second on the slower side.
    const plan = planSlices(2_000, [
      { rps: 400, p50Ms: 20 },
      { rps: 80, p50Ms: 100 },
    ]);
    expect((plan.lengthMs * 80) / 1000).toBeGreaterThanOrEqual(MIN_CALLS_PER_SLICE);
    expect(plan.count).toBe(5);
    // Two calls' worth of lead-in, for the slower side's calls.
    expect(plan.leadMs).toBe(200);
  });

  it("falls back to one block per side when the window cannot hold enough slices", () => {
    // A 150 ms round trip, 8 in flight: 53 calls a second, so a 2 s window holds two slices of 30.
    expect(planSlices(2_000, [{ rps: 53, p50Ms: 150 }]).count).toBe(1);
    expect(planSlices(2_000, [{ rps: 53, p50Ms: 150 }]).lengthMs).toBe(2_000);
  });

  it("without a warm-up to size them by, measures one block per side", () => {
    expect(planSlices(2_000, [{ rps: null, p50Ms: null }]).count).toBe(1);
    expect(
      planSlices(2_000, [
        { rps: 5_000, p50Ms: 1 },
        { rps: null, p50Ms: null },
      ]).count,
    ).toBe(1);
  });
});

describe("roundOrder", () => {
  it("alternates the trial's order and its reverse, so each side goes first as often", () => {
    const rounds = [0, 1, 2, 3].map((r) => roundOrder(["express", "grpc-js"], r));
    expect(rounds).toEqual([
      ["express", "grpc-js"],
      ["grpc-js", "express"],
      ["express", "grpc-js"],
      ["grpc-js", "express"],
    ]);
  });
});

describe("callsPerSlice", () => {
  it("spreads a count over the slices, losing none", () => {
    const calls = callsPerSlice(1_003, 8);
    expect(calls.reduce((a, b) => a + b, 0)).toBe(1_003);
    expect(Math.max(...calls) - Math.min(...calls)).toBeLessThanOrEqual(1);
  });
});

describe("joinSlices", () => {
  it("lays the slices' windows end to end and leaves out their lead-ins and tails", () => {
    const sample = (endMs: number) => ({ endMs, latencyUs: 1000, ok: true, code: "200" });
    const joined = joinSlices([
      { samples: [sample(10), sample(50), sample(299), sample(320)], window: { startMs: 40, endMs: 290 } },
      { samples: [sample(45), sample(100)], window: { startMs: 40, endMs: 290 } },
    ]);
    expect(joined.window).toEqual({ startMs: 0, endMs: 500 });
    expect(joined.samples.map((s) => s.endMs)).toEqual([10, 255, 310]);
  });
});

describe("joinedSnapshots", () => {
  const snapshot = (requests: number, cpuUs: number, peakBytes: number) =>
    ({
      requests: { requests, serverTimeUs: requests * 100 },
      cpu: { userUs: cpuUs, systemUs: 0 },
      rss: { currentBytes: peakBytes, peakBytes, peakSinceMs: 0 },
    }) as unknown as ServerStatsSnapshot;

  it("counts only each slice's own change, not what other stacks did between the slices", () => {
    const joined = joinedSnapshots([
      { before: snapshot(0, 0, 10), after: snapshot(100, 1_000, 20) },
      // Another stack in the same process served 500 requests in between.
      { before: snapshot(600, 9_000, 30), after: snapshot(700, 10_000, 40) },
    ]);
    expect(joined.after.requests.requests - joined.before.requests.requests).toBe(200);
    expect(joined.after.cpu.userUs - joined.before.cpu.userUs).toBe(2_000);
    expect(joined.after.rss.peakBytes).toBe(40);
  });
});
