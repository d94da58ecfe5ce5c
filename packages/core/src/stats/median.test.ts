import { describe, expect, it } from "vitest";
import { median, quantile, quantileSorted } from "./median";

describe("median", () => {
  it("is the middle value for an odd count, whatever the input order", () => {
    expect(median([9, 1, 5])).toBe(5);
  });

  it("is the mean of the two middle values for an even count", () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it("of one trial is that trial", () => {
    expect(median([0.347])).toBe(0.347);
  });

  it("does not reorder the caller’s array", () => {
    const trials = [3, 1, 2];
    median(trials);
    expect(trials).toEqual([3, 1, 2]);
  });

  it("refuses an empty list and non-finite values rather than returning NaN", () => {
    expect(() => median([])).toThrow(RangeError);
    expect(() => median([1, Number.NaN])).toThrow(RangeError);
  });
});

describe("quantile", () => {
  it("interpolates linearly between ranks (numpy default)", () => {
    const values = [10, 20, 30, 40, 50];
    expect(quantile(values, 0)).toBe(10);
    expect(quantile(values, 1)).toBe(50);
    expect(quantile(values, 0.25)).toBe(20);
    expect(quantile(values, 0.1)).toBeCloseTo(14, 10);
    expect(quantile([1, 2], 0.975)).toBeCloseTo(1.975, 10);
  });

  it("rejects q outside [0, 1]", () => {
    expect(() => quantile([1, 2], 1.5)).toThrow(RangeError);
    expect(() => quantileSorted([1, 2], -0.1)).toThrow(RangeError);
  });
});
