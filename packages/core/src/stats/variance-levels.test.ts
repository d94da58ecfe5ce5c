import { describe, expect, it } from "vitest";
import { mulberry32 } from "./seeded-random";
import { varianceLevels } from "./variance-levels";

/** A standard normal draw (Box-Muller) from a seeded uniform. */
function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/** Launches whose log ratios carry a launch effect of sd `launchSd` and slice noise of sd `sliceSd`. */
function simulated(launches: number, slices: number, launchSd: number, sliceSd: number, seed: number) {
  const random = mulberry32(seed);
  return Array.from({ length: launches }, () => {
    const effect = launchSd * normal(random);
    return Array.from({ length: slices }, () => effect + sliceSd * normal(random));
  });
}

describe("where the variance of a ratio lives", () => {
  it("finds a launch effect where launches shift the ratio, and its size", () => {
    const levels = varianceLevels(simulated(200, 8, 0.1, 0.05, 7))!;
    expect(levels.launchSd).toBeGreaterThan(0.085);
    expect(levels.launchSd).toBeLessThan(0.115);
    expect(levels.sliceSd).toBeGreaterThan(0.047);
    expect(levels.sliceSd).toBeLessThan(0.053);
    // 0.01 against 0.0025 / 8: nearly all of a launch mean's variance is the launch's.
    expect(levels.launchShare).toBeGreaterThan(0.9);
  });

  it("finds next to none where every launch draws from the same slices", () => {
    const levels = varianceLevels(simulated(200, 8, 0, 0.1, 11))!;
    expect(levels.launchSd).toBeLessThan(0.02);
    expect(levels.launchShare).toBeLessThan(0.1);
  });

  it("needs two launches of two slices or more", () => {
    expect(varianceLevels([[0.1, 0.2]])).toBeNull();
    expect(varianceLevels([[0.1], [0.2], [0.3]])).toBeNull();
    expect(
      varianceLevels([
        [0.1, 0.2],
        [0.3, 0.1],
      ]),
    ).not.toBeNull();
  });
});
