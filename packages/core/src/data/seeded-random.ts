// The data set must be byte-identical on every machine and every run: the MySQL rows, the embedded
// store and the runner's expected payloads are all generated from a seed, never from Math.random.
// sfc32 (seeded through the cyrb128 string hash) uses only 32-bit integer arithmetic, so its output
// does not depend on the platform. It is deliberately separate from stats/seeded-random.ts: a change
// there (for resampling) must never silently change the benchmark data.

export type Seed = number | string;

export interface SeededRandom {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** A float in [min, max) rounded to `decimals` places (never -0). */
  float(min: number, max: number, decimals: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  pick<T>(list: readonly T[]): T;
  /** `count` distinct indices of [0, length), in ascending order. */
  sample(length: number, count: number): number[];
  /** Words from `words` joined by spaces, cut to a length drawn from [minLength, maxLength]. */
  text(words: readonly string[], minLength: number, maxLength: number): string;
}

/** cyrb128: a string hash giving the four 32-bit words sfc32 starts from. */
function cyrb128(input: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < input.length; i++) {
    const k = input.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** sfc32: returns 32-bit unsigned integers. */
function sfc32(a: number, b: number, c: number, d: number): () => number {
  return () => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
}

/** Rounds to `decimals` places through the decimal string, so the value prints exactly as rounded. */
export function roundTo(value: number, decimals: number): number {
  const rounded = Number(value.toFixed(decimals));
  // -0 would print as 0 in JSON and come back from MySQL as +0: never produce it.
  return rounded === 0 ? 0 : rounded;
}

/**
 * A deterministic generator. Derive one per purpose (`${seed}:items`, `${seed}:shapes:small`) so
 * adding a field to one generator does not shift the values of every other one.
 */
export function createRandom(seed: Seed): SeededRandom {
  const nextUint32 = sfc32(...cyrb128(String(seed)));
  // Warm-up: the first outputs of sfc32 still resemble the seed words.
  for (let i = 0; i < 15; i++) nextUint32();

  const next = () => nextUint32() / 4294967296;
  const int = (min: number, max: number) => {
    if (!Number.isInteger(min) || !Number.isInteger(max) || max < min) {
      throw new RangeError(`int(${min}, ${max}): bounds must be integers with min <= max`);
    }
    return min + Math.floor(next() * (max - min + 1));
  };
  const pick = <T>(list: readonly T[]): T => {
    if (list.length === 0) throw new RangeError("pick() from an empty list");
    return list[Math.floor(next() * list.length)]!;
  };

  return {
    next,
    int,
    float: (min, max, decimals) => roundTo(min + next() * (max - min), decimals),
    chance: (p) => next() < p,
    pick,
    sample(length, count) {
      if (count > length) throw new RangeError(`sample(${length}, ${count}): count exceeds length`);
      // Partial Fisher-Yates: the first `count` slots end up a uniform sample.
      const indices = Array.from({ length }, (_, i) => i);
      for (let i = 0; i < count; i++) {
        const j = int(i, length - 1);
        [indices[i], indices[j]] = [indices[j]!, indices[i]!];
      }
      return indices.slice(0, count).sort((x, y) => x - y);
    },
    text(words, minLength, maxLength) {
      const length = int(minLength, maxLength);
      let out = pick(words);
      while (out.length < length) out += ` ${pick(words)}`;
      out = out.slice(0, length);
      // A cut right after a word would leave a trailing space; keep the length, end on a letter.
      return out.endsWith(" ") ? `${out.slice(0, -1)}s` : out;
    },
  };
}
