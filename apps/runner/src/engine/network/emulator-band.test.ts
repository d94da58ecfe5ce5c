import { describe, expect, it } from "vitest";
import { makeRunResult } from "@relix/core/testing/result-fixture";
import { EMULATOR_PRECISION_MS } from "@relix/core/network/emulator-precision";
import { placementVerdict } from "@relix/core/render/answer/placements";
import type { ClientSample } from "../../tools";
import { batchFiguresInWindow } from "../measure/batches";
import { compareTrials } from "../assemble/aggregate";

/** `perSecond` calls a second for `seconds`, latency `ms` with a small, even spread. */
function calls(perSecond: number, seconds: number, ms: number): ClientSample[] {
  return Array.from({ length: perSecond * seconds }, (_, i) => ({
    endMs: (i * 1000) / perSecond + 0.5,
    latencyUs: ms * 1000 * (1 + 0.0005 * Math.sin(i * 1.7)),
    ok: true,
    code: "200",
  }));
}

/** One trial at an emulated 147 ms RTT: REST and gRPC p50 as given, 1,000 calls a side (batch means apply). */
function crossRegion(restMs: number, grpcMs: number) {
  const [trial] = makeRunResult({ spec: { trials: 1 }, rest: { p50: restMs }, grpc: { p50: grpcMs } }).cells[0]!.trials;
  const rest = { ...trial!.rest, batches: batchFiguresInWindow(calls(500, 2, restMs), { startMs: 0, endMs: 2_000 }) };
  const grpc = { ...trial!.grpc, batches: batchFiguresInWindow(calls(500, 2, grpcMs), { startMs: 0, endMs: 2_000 }) };
  rest.latencyMs = { ...rest.latencyMs, p50: restMs, p99: restMs * 1.01 };
  grpc.latencyMs = { ...grpc.latencyMs, p50: grpcMs, p99: grpcMs * 1.01 };
  return [{ rest, grpc }];
}

describe("verdicts through a network emulator", () => {
  const emulated = { emulatorPrecisionMs: EMULATOR_PRECISION_MS };

  it("names no winner for a difference the emulator could make by itself, however tight the interval", () => {
    // 0.4 ms apart at 151 ms: a tight interval excludes 1, but two proxies' timers differ by as much.
    const trials = crossRegion(151.4, 151);
    const direct = compareTrials(trials).find((c) => c.metric === "p50")!;
    expect(direct.winner).toBe("grpc");

    const p50 = compareTrials(trials, emulated).find((c) => c.metric === "p50")!;
    expect(p50.ci.emulatorBand).toBeCloseTo(1 / 151, 6);
    expect(p50.winner).toBe("none");
    expect(p50.text).toMatch(/^no difference beyond the network emulator's precision at p50 \(95% CI 1\.00-1\.00/);
  });

  it("still names the winner of a difference well beyond it", () => {
    const p50 = compareTrials(crossRegion(160, 151), emulated).find((c) => c.metric === "p50")!;
    expect(p50.winner).toBe("grpc");
    expect(p50.text).toMatch(/^gRPC 1\.06x faster at p50/);
  });

  it("says so in the placement's verdict too, which is worked out again from the stored interval", () => {
    const result = makeRunResult({ spec: { trials: 1 } });
    const cell = {
      ...result.cells[0]!,
      placement: "cross-region" as const,
      comparisons: compareTrials(crossRegion(151.4, 151), emulated),
    };
    expect(placementVerdict(cell, undefined)).toBe("no difference beyond the emulator's precision at cross-region");
  });
});
