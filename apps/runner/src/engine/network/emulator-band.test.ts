import { describe, expect, it } from "vitest";
import { makeRunResult } from "@relix/core/testing/result-fixture";
import { EMULATOR_PRECISION_MS } from "@relix/core/network/emulator-precision";
import { placementVerdict } from "@relix/core/render/answer/placements";
import { compareTrials } from "../assemble/aggregate";

/**
 * Three launches at an emulated 147 ms RTT: REST and gRPC p50 as given, each launch a hair off
 * (a few µs in 151 ms), so the interval over launches is tight.
 */
function crossRegion(restMs: number, grpcMs: number) {
  const [trial] = makeRunResult({ spec: { trials: 1 }, rest: { p50: restMs }, grpc: { p50: grpcMs } }).cells[0]!.trials;
  const wobble = [1, 1.00003, 0.99998];
  return wobble.map((w, i) => {
    const rest = { ...trial!.rest, latencyMs: { ...trial!.rest.latencyMs, p50: restMs * w, p99: restMs * w * 1.01 } };
    const grpc = {
      ...trial!.grpc,
      latencyMs: { ...trial!.grpc.latencyMs, p50: grpcMs * wobble[(i + 1) % 3]!, p99: grpcMs * 1.01 },
    };
    return { rest, grpc };
  });
}

describe("verdicts through a network emulator", () => {
  // No equivalence margin here, so only the emulator's band stands between a tight interval and a winner.
  const launches = { trialsAreLaunches: true, margin: 0 };
  const emulated = { ...launches, emulatorPrecisionMs: EMULATOR_PRECISION_MS };

  it("names no winner for a difference the emulator could make by itself, however tight the interval", () => {
    // 0.4 ms apart at 151 ms: a tight interval excludes 1, but two proxies' timers differ by as much.
    const trials = crossRegion(151.4, 151);
    const direct = compareTrials(trials, launches).find((c) => c.metric === "p50")!;
    expect(direct.winner).toBe("grpc");

    const p50 = compareTrials(trials, emulated).find((c) => c.metric === "p50")!;
    expect(p50.ci.emulatorBand).toBeCloseTo(1 / 151, 6);
    expect(p50.winner).toBe("none");
    expect(p50.text).toMatch(
      /^no difference beyond the network emulator's precision at p50 \(95% CI 1\.00-1\.00, 3 launches/,
    );
  });

  it("still names the winner of a difference well beyond it, and beyond the default margin", () => {
    const p50 = compareTrials(crossRegion(160, 151), { ...emulated, margin: undefined }).find(
      (c) => c.metric === "p50",
    )!;
    expect(p50.ci.margin).toBe(0.05);
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
