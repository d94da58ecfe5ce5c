import { describe, expect, it } from "vitest";
import { interleavedOrder, median } from "./interleave";

describe("interleavedOrder", () => {
  it("alternates which side goes first, starting with the API", () => {
    expect(interleavedOrder(4)).toEqual([
      ["api", "reference"],
      ["reference", "api"],
      ["api", "reference"],
      ["reference", "api"],
    ]);
  });

  it("gives each side the first slot equally often over an even number of rounds", () => {
    const firsts = interleavedOrder(6).map(([first]) => first);
    expect(firsts.filter((side) => side === "api")).toHaveLength(3);
  });

  it("reverses three sides every other round, so each side is first and last equally often", () => {
    const order = interleavedOrder(2, ["api", "reference", "framework"] as const);
    expect(order).toEqual([
      ["api", "reference", "framework"],
      ["framework", "reference", "api"],
    ]);
  });

  it("refuses a round of one side", () => {
    expect(() => interleavedOrder(2, ["api"])).toThrow(/two sides/);
  });

  it("refuses a number of rounds that is not a whole number of at least 1", () => {
    expect(() => interleavedOrder(0)).toThrow(/rounds/);
    expect(() => interleavedOrder(1.5)).toThrow(/rounds/);
  });
});

describe("median", () => {
  it("takes the middle value, or the mean of the two middle ones", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it("refuses an empty list", () => {
    expect(() => median([])).toThrow();
  });
});
