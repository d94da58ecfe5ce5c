import { describe, expect, it } from "vitest";
import { presetSweepWithOverrides } from "./preset-sweep-overrides";
import { specFromPreset } from "./presets";

// The crossover preset sweeps records 1-10,000 across loopback, same-zone and cross-region.
describe("a preset's sweep under the user's fields", () => {
  it("keeps the preset's sweep when nothing on its axes is given", () => {
    const spec = specFromPreset("crossover", { durationMs: 3_000 });
    expect(spec.sweep?.axes.map((a) => a.dimension)).toEqual(["records", "network"]);
    expect(spec.durationMs).toBe(3_000);
  });

  it("measures the preset's point without a sweep when the sweep is set to null", () => {
    const spec = specFromPreset("crossover", { sweep: null });
    expect(spec.sweep).toBeUndefined();
    expect(spec.workloads).toEqual(["item.list"]);
    expect(spec.network).toEqual(["loopback", "same-zone", "cross-region"]);
  });

  it("replaces the preset's sweep by one given, refinement settings included", () => {
    const spec = specFromPreset("crossover", {
      sweep: { axes: [{ dimension: "connections", values: [1, 8] }], refine: { resolution: 2, maxPoints: 2 } },
    });
    expect(spec.sweep?.axes).toEqual([{ dimension: "connections", values: [1, 8] }]);
    expect(spec.sweep?.refine).toEqual({ resolution: 2, maxPoints: 2 });
  });

  it("narrows a list axis to the placements given, so none the user left out is measured", () => {
    const spec = specFromPreset("crossover", { network: ["loopback", "cross-region"] });
    expect(spec.network).toEqual(["loopback", "cross-region"]);
    expect(spec.sweep?.axes).toEqual([
      { dimension: "records", values: [1, 10, 100, 1_000, 10_000] },
      { dimension: "network", values: ["loopback", "cross-region"] },
    ]);
  });

  it("fixes a dimension given one value: the axis goes, the run measures that value", () => {
    const onePlacement = specFromPreset("crossover", { network: ["cross-region"] });
    expect(onePlacement.network).toEqual(["cross-region"]);
    expect(onePlacement.sweep?.axes.map((a) => a.dimension)).toEqual(["records"]);

    const oneSize = specFromPreset("crossover", { records: 500 });
    expect(oneSize.records).toBe(500);
    expect(oneSize.sweep?.axes.map((a) => a.dimension)).toEqual(["network"]);
  });

  it("has no sweep left when every axis is fixed", () => {
    const spec = specFromPreset("crossover", { records: 500, network: ["loopback"] });
    expect(spec.sweep).toBeUndefined();
    expect(spec.records).toBe(500);
  });

  it("leaves a preset without a sweep alone, and adds a sweep given to it", () => {
    expect(specFromPreset("quick", { sweep: null }).sweep).toBeUndefined();
    const swept = specFromPreset("quick", { sweep: { axes: [{ dimension: "echoBytes", values: [16, 4096] }] } });
    expect(swept.sweep?.axes[0]).toEqual({ dimension: "echoBytes", values: [16, 4096] });
  });

  it("narrows a stacks axis to the stacks given beside express and grpc-js, which every list holds", () => {
    const axis = presetSweepWithOverrides(
      { axes: [{ dimension: "stacks", values: ["node", "h2c", "grpc-js-static"] }] },
      { stacks: ["express", "node", "h2c", "grpc-js"] },
    );
    expect(axis?.axes).toEqual([{ dimension: "stacks", values: ["node", "h2c"] }]);
    const fixed = presetSweepWithOverrides(
      { axes: [{ dimension: "stacks", values: ["node", "h2c"] }] },
      { stacks: ["express", "node", "grpc-js"] },
    );
    expect(fixed).toBeUndefined();
  });
});
