import { describe, expect, it } from "vitest";
import type { ClientSample } from "../../tools";
import { batchFiguresInWindow, LATENCIES_KEPT_BELOW, MAX_KEPT_LATENCIES } from "./batches";
import { compareTrials } from "../assemble/aggregate";
import { makeRunResult } from "@relix/core/testing/result-fixture";

/** One trial's two measures, REST p50 2.5 ms and gRPC p50 2 ms. */
function oneTrial() {
  const [trial] = makeRunResult({ spec: { trials: 1 }, rest: { p50: 2.5 }, grpc: { p50: 2 } }).cells[0]!.trials;
  return { rest: trial!.rest, grpc: trial!.grpc };
}

/** `perSecond` successful requests a second for `seconds`, evenly spread, latency `ms` (+ a little jitter). */
function steady(perSecond: number, seconds: number, ms: number): ClientSample[] {
  const n = perSecond * seconds;
  return Array.from({ length: n }, (_, i) => ({
    endMs: (i * 1000) / perSecond + 0.5,
    latencyUs: ms * 1000 * (1 + 0.05 * Math.sin(i * 1.7)),
    ok: true,
    code: "200",
  }));
}

describe("sub-window figures of one trial", () => {
  it("cuts a well-filled window into ten sub-windows for every figure", () => {
    const figures = batchFiguresInWindow(steady(1_000, 2, 2), { startMs: 0, endMs: 2_000 });
    expect(figures.p50Ms).toHaveLength(10);
    expect(figures.p99Ms).toHaveLength(10);
    expect(figures.rps).toHaveLength(10);
    for (const rps of figures.rps) expect(rps).toBeCloseTo(1_000, -1);
    for (const p50 of figures.p50Ms) expect(p50).toBeCloseTo(2, 0);
  });

  it("uses fewer sub-windows for p99 when the window holds too few requests, and none below five", () => {
    // 300 requests: p50 keeps ten sub-windows of 30, p99 cannot have five of 100.
    const figures = batchFiguresInWindow(steady(150, 2, 2), { startMs: 0, endMs: 2_000 });
    expect(figures.p50Ms).toHaveLength(10);
    expect(figures.p99Ms).toHaveLength(0);
    // 600 requests: six sub-windows of 100 for p99.
    expect(batchFiguresInWindow(steady(300, 2, 2), { startMs: 0, endMs: 2_000 }).p99Ms).toHaveLength(6);
  });

  it("cuts latency by request count, so bursty completions of a short window still give p50 an interval", () => {
    // 150 slow calls completing in bursts: eight at a time every ~110 ms, nothing in between.
    const bursty = Array.from({ length: 150 }, (_, i) => ({
      endMs: Math.floor(i / 8) * 110 + 1,
      latencyUs: 90_000 + (i % 8) * 1_000,
      ok: true,
      code: "200",
    }));
    const figures = batchFiguresInWindow(bursty, { startMs: 0, endMs: 2_100 });
    expect(figures.p50Ms).toHaveLength(7);
    expect(figures.rps.length).toBeGreaterThanOrEqual(5);
  });

  it("gives rps no sub-windows when even five equal time slices leave one empty", () => {
    const firstHalf = steady(1_000, 1, 2);
    expect(batchFiguresInWindow(firstHalf, { startMs: 0, endMs: 4_000 }).rps).toEqual([]);
  });

  it("keeps a thin window's latencies, 200 evenly spread ones of a fuller one, and none of an ordinary one", () => {
    const thin = batchFiguresInWindow(steady(7, 2, 150), { startMs: 0, endMs: 2_000 });
    expect(thin.p50Ms).toEqual([]);
    expect(thin.latenciesMs).toHaveLength(14);
    // steady() jitters each latency by up to 5%.
    for (const ms of thin.latenciesMs!) expect(Math.abs(ms - 150)).toBeLessThanOrEqual(7.5);
    const fuller = batchFiguresInWindow(steady(300, 2, 2), { startMs: 0, endMs: 2_000 });
    expect(fuller.latenciesMs).toHaveLength(MAX_KEPT_LATENCIES);
    // Completions that cycle through three connections, one of them slow: every third call is slow
    // (the very calls "every third" would keep). The kept ones must hold a third slow, as the window does.
    const cycling = steady(300, 2, 2).map((s, i) => ({ ...s, latencyUs: i % 3 === 0 ? 9_000 : 1_000 }));
    const kept = batchFiguresInWindow(cycling, { startMs: 0, endMs: 2_000 }).latenciesMs!;
    const slow = kept.filter((ms) => ms === 9).length;
    expect(slow).toBeGreaterThanOrEqual(66);
    expect(slow).toBeLessThanOrEqual(67);
    // A run of several trials has its interval between trials: it keeps none.
    expect(
      batchFiguresInWindow(steady(7, 2, 150), { startMs: 0, endMs: 2_000 }, { keepLatencies: false }).latenciesMs,
    ).toBeUndefined();
    const ordinary = batchFiguresInWindow(steady(LATENCIES_KEPT_BELOW / 2, 2, 2), { startMs: 0, endMs: 2_000 });
    expect(ordinary.latenciesMs).toBeUndefined();
  });

  it("ignores errors and samples outside the window", () => {
    const samples = [...steady(1_000, 2, 2), { endMs: 2_500, latencyUs: 9e6, ok: true, code: "200" }];
    samples[0] = { ...samples[0]!, ok: false, code: "500", latencyUs: 9e6 };
    const figures = batchFiguresInWindow(samples, { startMs: 0, endMs: 2_000 });
    expect(Math.max(...figures.p99Ms)).toBeLessThan(3);
  });
});

describe("one trial's verdicts", () => {
  it("carry a within-trial interval when both sides have sub-window figures, and name no winner on it", () => {
    const { rest, grpc } = oneTrial();
    rest.batches = batchFiguresInWindow(steady(1_000, 2, 2.5), { startMs: 0, endMs: 2_000 });
    grpc.batches = batchFiguresInWindow(steady(1_000, 2, 2), { startMs: 0, endMs: 2_000 });
    const p50 = compareTrials([{ rest, grpc }]).find((c) => c.metric === "p50")!;
    expect(p50.ci).toMatchObject({ method: "batch-means", degenerate: false });
    expect(p50.ci.low).toBeGreaterThan(1.05);
    expect(p50.winner).toBe("none");
    expect(p50.text).toMatch(
      /^not enough to tell at p50: one block per side, .*; gRPC 1\.25x faster in this run \(95% CI [\d.]+-[\d.]+, 1 trial\)$/,
    );
  });

  it("bootstrap a thin window's calls for p50 when sub-windows cannot be had, and leave p99 without an interval", () => {
    const { rest, grpc } = oneTrial();
    // A dozen-odd slow calls a side, REST's three times as slow: no five sub-windows of 20 on either.
    const restCalls = steady(7, 2, 450).map((s, i) => ({ ...s, latencyUs: s.latencyUs * (1 + 0.1 * ((i * 7) % 5)) }));
    const grpcCalls = steady(6, 2, 150).map((s, i) => ({ ...s, latencyUs: s.latencyUs * (1 + 0.1 * ((i * 3) % 5)) }));
    rest.batches = batchFiguresInWindow(restCalls, { startMs: 0, endMs: 2_000 });
    grpc.batches = batchFiguresInWindow(grpcCalls, { startMs: 0, endMs: 2_000 });
    rest.latencyMs = { ...rest.latencyMs, p50: 540, count: 14 };
    grpc.latencyMs = { ...grpc.latencyMs, p50: 180, count: 12 };
    const comparisons = compareTrials([{ rest, grpc }]);
    const p50 = comparisons.find((c) => c.metric === "p50")!;
    expect(p50.ci).toMatchObject({ method: "sample-bootstrap", degenerate: false, samples: { rest: 14, grpc: 12 } });
    expect(p50.ci.estimate).toBeCloseTo(3, 12);
    expect(p50.ci.low).toBeGreaterThan(1);
    expect(p50.winner).toBe("none");
    expect(p50.text).toMatch(
      /^not enough to tell at p50: one block per side, .*; gRPC 3\.00x faster in this run \(95% CI [\d.]+-[\d.]+, 1 trial, 14 REST and 12 gRPC calls\)$/,
    );
    expect(comparisons.find((c) => c.metric === "p99")!.ci.degenerate).toBe(true);
  });

  it("keep the point estimate when a thin window has fewer calls than the bootstrap needs", () => {
    const { rest, grpc } = oneTrial();
    rest.batches = batchFiguresInWindow(steady(7, 2, 450), { startMs: 0, endMs: 2_000 });
    grpc.batches = batchFiguresInWindow(steady(3, 2, 150), { startMs: 0, endMs: 2_000 });
    const p50 = compareTrials([{ rest, grpc }]).find((c) => c.metric === "p50")!;
    expect(p50.ci.degenerate).toBe(true);
    expect(p50.text).toContain("1 trial: no confidence interval");
  });

  it("fall back to the point estimate when a result has no sub-window figures", () => {
    const p50 = compareTrials([oneTrial()])[0]!;
    expect(p50.ci.degenerate).toBe(true);
    expect(p50.text).toContain("1 trial: no confidence interval");
  });
});
