import { describe, expect, it } from "vitest";
import { makeRunResult } from "@relix/core/testing/result-fixture";
import { rttAxisIsLog, rttSpeedupSeries } from "./placement-rows";

describe("rttSpeedupSeries", () => {
  const placed = makeRunResult({
    spec: { workloads: ["noop", "item.get"], network: ["cross-region", "loopback", "same-zone"] },
    placements: [{ name: "same-zone", status: "refused", measuredRttMs: 1.1 }],
  });

  it("gives each workload one point per measured placement, at its measured RTT, lowest RTT first", () => {
    const series = rttSpeedupSeries(placed);
    expect(series.map((s) => s.title)).toEqual(["No-op (the floor)", "Item by id · warm"]);
    expect(series[0]!.points.map((p) => [p.placement, p.rttMs])).toEqual([
      ["loopback", 0.03],
      ["cross-region", 151.51],
    ]);
    const point = series[0]!.points[0]!;
    expect(point.error).toEqual([point.speedup - point.low, point.high - point.speedup]);
  });

  it("draws the RTT on a log axis when the RTTs span more than ~10x", () => {
    expect(rttAxisIsLog([{ rttMs: 0.03 }, { rttMs: 151 }])).toBe(true);
    expect(rttAxisIsLog([{ rttMs: 60 }, { rttMs: 151 }])).toBe(false);
    expect(rttAxisIsLog([{ rttMs: 0.03 }])).toBe(false);
  });

  it("has no series for a run on loopback alone", () => {
    expect(rttSpeedupSeries(makeRunResult())).toEqual([]);
  });
});
