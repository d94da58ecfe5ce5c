import { describe, expect, it } from "vitest";
import { floorVerdict, type RoundFigures } from "./verdict";

const round = (apiP50Ms: number, referenceP50Ms: number, apiRps: number, referenceRps: number): RoundFigures => ({
  api: { p50Ms: apiP50Ms, rps: apiRps },
  reference: { p50Ms: referenceP50Ms, rps: referenceRps },
});

describe("floorVerdict", () => {
  it("passes at the targets' bounds: p50 1.3x, rps 0.8x", () => {
    const verdict = floorVerdict([round(1.3, 1, 800, 1000)]);
    expect(verdict).toMatchObject({ p50Pass: true, rpsPass: true, pass: true });
  });

  it("fails each target on its own", () => {
    expect(floorVerdict([round(1.31, 1, 900, 1000)])).toMatchObject({ p50Pass: false, rpsPass: true, pass: false });
    expect(floorVerdict([round(1, 1, 790, 1000)])).toMatchObject({ p50Pass: true, rpsPass: false, pass: false });
  });

  it("judges the median of the per-round ratios, not the ratio of the medians", () => {
    // Rounds that drift together: each round's ratio is 1.2 although the medians of the sides are 3 and 2.
    const verdict = floorVerdict([round(1.2, 1, 900, 1000), round(3.6, 3, 450, 500), round(12, 10, 90, 100)]);
    expect(verdict.p50Ratio).toBeCloseTo(1.2);
    expect(verdict.rpsRatio).toBeCloseTo(0.9);
    expect(verdict.apiP50Ms).toBe(3.6);
    expect(verdict.referenceRps).toBe(500);
  });

  it("refuses to judge no rounds", () => {
    expect(() => floorVerdict([])).toThrow(/no rounds/);
  });
});
