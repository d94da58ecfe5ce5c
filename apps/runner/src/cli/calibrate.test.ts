import { describe, expect, it } from "vitest";
import { makeRunResult } from "@relix/core/testing/result-fixture";
import { comparisonsOf, renderCalibration, splitRepeat } from "./calibrate";
import { UsageError } from "./usage-error";

describe("pnpm bench:calibrate's arguments", () => {
  it("takes --repeat out and leaves pnpm bench's flags", () => {
    expect(splitRepeat(["--workloads", "noop", "--repeat", "5", "--trials", "1"])).toEqual({
      repeat: 5,
      rest: ["--workloads", "noop", "--trials", "1"],
    });
    expect(splitRepeat(["--repeat=3"]).repeat).toBe(3);
    expect(splitRepeat([]).repeat).toBe(20);
  });

  it("refuses a repeat count out of bounds, naming the flag", () => {
    expect(() => splitRepeat(["--repeat", "1"])).toThrow(UsageError);
    expect(() => splitRepeat(["--repeat", "1"])).toThrow(/--repeat/);
    expect(() => splitRepeat(["--repeat"])).toThrow(/needs a number/);
  });
});

describe("the calibration report", () => {
  const result = makeRunResult({ spec: { workloads: ["noop", "item.get"], trials: 3 } });

  it("names every comparison the same way in every repeat", () => {
    const names = [...comparisonsOf(result).keys()];
    expect(names).toContain("noop · REST vs gRPC · p50");
    expect(names).toContain("item.get warm · REST vs gRPC · rps");
  });

  it("prints each run, the median, the coverage and the opposite-winner pairs", () => {
    const runs = [
      { estimate: 1.0, low: 0.9, high: 1.1, winner: "none" },
      { estimate: 1.3, low: 1.2, high: 1.4, winner: "grpc" },
      { estimate: 0.8, low: 0.7, high: 0.9, winner: "rest" },
      { estimate: 1.02, low: 1.02, high: 1.02, winner: "none", degenerate: true },
    ];
    const text = renderCalibration(new Map([["noop · REST vs gRPC · p50", runs]]));
    expect(text).toContain("run  2: 1.30x [1.20-1.40] grpc");
    expect(text).toContain("run  4: 1.02x (no interval)");
    // Median of 0.8, 1.0, 1.02, 1.3 is 1.01: only the first interval holds it; REST vs gRPC is one opposite pair.
    expect(text).toContain(
      "noop · REST vs gRPC · p50: coverage 1/3 (1 of 4 runs had no interval), opposite-winner pairs 1",
    );
  });
});
