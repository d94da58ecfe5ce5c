import { describe, expect, it } from "vitest";
import { percentileLevels } from "./percentile-curve";

describe("percentileLevels", () => {
  it("runs from 0 to 100, strictly increasing, and includes the decade marks of a log plot", () => {
    const levels = percentileLevels(1_000_000);
    expect(levels[0]).toBe(0);
    expect(levels.at(-1)).toBe(100);
    for (let i = 1; i < levels.length; i++) expect(levels[i]!).toBeGreaterThan(levels[i - 1]!);
    for (const mark of [90, 99, 99.9, 99.99]) {
      expect(levels.some((p) => Math.abs(p - mark) < 1e-9)).toBe(true);
    }
  });

  it("stays within the point budget, even for huge counts", () => {
    expect(percentileLevels(1_000_000).length).toBeLessThanOrEqual(100);
    expect(percentileLevels(1e12, 40).length).toBeLessThanOrEqual(40);
  });

  it("does not go further into the tail than the samples can resolve", () => {
    const levels = percentileLevels(1000);
    const beforeMax = levels.at(-2)!;
    expect(beforeMax).toBeLessThanOrEqual(99.9 + 1e-9);
  });

  it("is empty for an empty histogram", () => {
    expect(percentileLevels(0)).toEqual([]);
  });
});
