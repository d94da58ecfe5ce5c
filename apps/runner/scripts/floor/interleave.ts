/**
 * The order of the floor's measurements: A B, B A, A B... (API and reference alternate which goes
 * first in each round), so a machine that warms up, throttles or gets busier over the run moves
 * both sides' figures alike and neither always gets the better half of a round.
 */
export type Side = "api" | "reference";

export function interleavedOrder(rounds: number): Array<[Side, Side]> {
  if (!(Number.isInteger(rounds) && rounds >= 1)) throw new Error(`rounds must be a whole number >= 1 (got ${rounds})`);
  return Array.from({ length: rounds }, (_, round) => (round % 2 === 0 ? ["api", "reference"] : ["reference", "api"]));
}

/** The middle value (the mean of the two middle ones for an even count): one noisy round does not move it. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error("median of nothing");
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
