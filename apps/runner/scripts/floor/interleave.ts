/**
 * The order of the floor's measurements: the sides of a round (the API, its runtime's bare server,
 * its framework's bare route) in one order, the next round in the reverse order (A B, B A... or
 * A B C, C B A...), so a machine that warms up, throttles or gets busier over the run moves every
 * side's figures alike and no side always gets the better part of a round.
 */
export type Side = "api" | "reference" | "framework";

export function interleavedOrder<S extends string = Side>(
  rounds: number,
  sides: readonly S[] = ["api", "reference"] as unknown as S[],
): S[][] {
  if (!(Number.isInteger(rounds) && rounds >= 1)) throw new Error(`rounds must be a whole number >= 1 (got ${rounds})`);
  if (sides.length < 2) throw new Error("a round needs at least two sides");
  return Array.from({ length: rounds }, (_, round) => (round % 2 === 0 ? [...sides] : [...sides].reverse()));
}

/** The middle value (the mean of the two middle ones for an even count): one noisy round does not move it. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error("median of nothing");
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
