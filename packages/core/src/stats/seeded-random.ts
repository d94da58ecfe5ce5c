// A seeded PRNG so a bootstrap CI is a pure function of its data: re-rendering a stored result
// (or re-running a test) must print the same interval, which Math.random cannot promise.
// mulberry32: 32-bit state, tiny, and more than random enough for resampling indices.

export type Random = () => number;

/** Returns a generator of floats in [0, 1); the same seed always yields the same sequence. */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A uniform integer in [0, length). */
export function randomIndex(random: Random, length: number): number {
  return Math.floor(random() * length);
}
