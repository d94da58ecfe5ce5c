import { describe, expect, it } from "vitest";
import { mulberry32, randomIndex } from "./seeded-random";

const take = (random: () => number, n: number) => Array.from({ length: n }, random);

describe("mulberry32", () => {
  it("repeats the same sequence for the same seed", () => {
    expect(take(mulberry32(42), 5)).toEqual(take(mulberry32(42), 5));
  });

  it("gives a different sequence for a different seed", () => {
    expect(take(mulberry32(1), 5)).not.toEqual(take(mulberry32(2), 5));
  });

  it("stays in [0, 1) and spreads evenly enough to resample with", () => {
    const values = take(mulberry32(7), 100_000);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
    expect(mean).toBeCloseTo(0.5, 2);
  });
});

describe("randomIndex", () => {
  it("hits every index of a small array and nothing outside it", () => {
    const random = mulberry32(3);
    const seen = new Set(Array.from({ length: 1000 }, () => randomIndex(random, 3)));
    expect([...seen].sort()).toEqual([0, 1, 2]);
  });
});
