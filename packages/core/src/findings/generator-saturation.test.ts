import { describe, expect, it } from "vitest";
import { judgeGeneratorCpu, MACHINE_SHARE_LIMIT, ONE_CORE_LIMIT, saturationFact } from "./generator-saturation";

describe("when a load generator counts as saturated", () => {
  it("a single-threaded generator: its CPU or its event loop above 85% of one core", () => {
    expect(ONE_CORE_LIMIT).toBe(0.85);
    const one = (coreFraction: number, eventLoopUtilization: number) =>
      judgeGeneratorCpu({ threads: "one", coreFraction, eventLoopUtilization });
    expect(one(0.5, 0.5)).toEqual({ cpuFraction: 0.5, limit: "one-core", saturated: false });
    expect(one(0.85, 0.85).saturated).toBe(false);
    expect(one(0.86, 0.2).saturated).toBe(true);
    // a busy event loop with little CPU: something else in the runner's process held the thread
    expect(one(0.3, 0.9)).toEqual({ cpuFraction: 0.3, limit: "one-core", saturated: true });
  });

  it("a multi-threaded generator: more than half of the machine's cores", () => {
    expect(MACHINE_SHARE_LIMIT).toBe(0.5);
    const many = (cores: number | null) => judgeGeneratorCpu({ threads: "many", cores, machineCores: 4 });
    expect(many(2)).toEqual({ cpuFraction: 0.5, limit: "machine", saturated: false });
    expect(many(2.4)).toEqual({ cpuFraction: 0.6, limit: "machine", saturated: true });
    // not measured: nothing to judge, and no figure is made up
    expect(many(null)).toEqual({ cpuFraction: null, limit: "machine", saturated: false });
  });

  it("records the fact only when saturated, with the raw figure beside the judged one", () => {
    expect(saturationFact("autocannon", { threads: "one", coreFraction: 0.2, eventLoopUtilization: 0.1 })).toBeNull();
    expect(saturationFact("autocannon", { threads: "one", coreFraction: 0.9, eventLoopUtilization: 0.95 })).toEqual({
      kind: "generator-saturated",
      tool: "autocannon",
      cpuFraction: 0.9,
      limit: "one-core",
      eventLoopUtilization: 0.95,
    });
    expect(saturationFact("ghz", { threads: "many", cores: 1.5, machineCores: 2 })).toEqual({
      kind: "generator-saturated",
      tool: "ghz",
      cpuFraction: 0.75,
      limit: "machine",
      machineCores: 2,
    });
  });
});
