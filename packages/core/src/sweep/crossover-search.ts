import type { Crossover, SweepCoords } from "./sweep-result";

export type SweepWinner = "grpc" | "rest" | "none";
type Side = Exclude<SweepWinner, "none">;

/** One measured value of a row: the p50 verdict there (null when the point gave no verdict). */
export interface RowSample {
  value: number;
  winner: SweepWinner | null;
}

/** Where the winning side changes: the last value one side won and the first the other side won. */
export interface Bracket {
  low: number;
  high: number;
  winnerBelow: Side;
  winnerAbove: Side;
}

const byValue = (samples: readonly RowSample[]) => [...samples].sort((a, b) => a.value - b.value);

/**
 * Every change of winner along the row. Values where neither side won ("none") between two
 * winners are the transition zone: the bracket spans them, from the last value the first side
 * won to the first value the other side won.
 */
export function brackets(samples: readonly RowSample[]): Bracket[] {
  const found: Bracket[] = [];
  let last: { value: number; side: Side } | undefined;
  for (const sample of byValue(samples)) {
    if (sample.winner === null || sample.winner === "none") continue;
    if (last && last.side !== sample.winner) {
      found.push({ low: last.value, high: sample.value, winnerBelow: last.side, winnerAbove: sample.winner });
    }
    last = { value: sample.value, side: sample.winner };
  }
  return found;
}

/** The integer geometric middle of two values, or null when no integer lies strictly between. */
export function geometricMiddle(low: number, high: number): number | null {
  const middle = Math.round(Math.sqrt(low * high));
  return middle > low && middle < high ? middle : null;
}

/**
 * The next value to measure inside a bracket: the geometric middle of its widest gap between
 * values already measured, while the bracket is wider than `resolution` (high / low). Null when
 * the bracket is narrow enough, or every gap inside it is (a transition zone of no significant
 * difference as wide as the bracket is then what the row shows, and measuring inside it again
 * would not narrow it).
 */
export function nextProbe(samples: readonly RowSample[], bracket: Bracket, resolution: number): number | null {
  if (bracket.high / bracket.low <= resolution) return null;
  const inside = [...new Set(samples.map((s) => s.value))]
    .filter((v) => v >= bracket.low && v <= bracket.high)
    .sort((a, b) => a - b);
  let best: { ratio: number; probe: number } | null = null;
  for (let i = 1; i < inside.length; i++) {
    const [a, b] = [inside[i - 1]!, inside[i]!];
    const probe = geometricMiddle(a, b);
    if (probe === null || b / a <= resolution) continue;
    if (!best || b / a > best.ratio) best = { ratio: b / a, probe };
  }
  return best?.probe ?? null;
}

/** Refinement points left to spend; `take` says whether one more may be measured. */
export interface RefineBudget {
  take(): boolean;
}

/**
 * Bisects a row's brackets geometrically, measuring each new value through `measure`, until
 * every bracket is within `resolution` or the budget refuses a point. Returns the samples (the
 * given ones and the new ones) and whether the budget cut the search short.
 */
export async function refineRow(
  samples: readonly RowSample[],
  resolution: number,
  budget: RefineBudget,
  measure: (value: number) => Promise<SweepWinner | null>,
): Promise<{ samples: RowSample[]; stoppedEarly: boolean }> {
  const all = [...samples];
  for (;;) {
    const probe = brackets(all)
      .map((bracket) => nextProbe(all, bracket, resolution))
      .find((value) => value !== null);
    if (probe === undefined || probe === null) return { samples: all, stoppedEarly: false };
    if (!budget.take()) return { samples: all, stoppedEarly: true };
    all.push({ value: probe, winner: await measure(probe) });
  }
}

export interface RowOutcome {
  workload: string;
  dimension: string;
  row: SweepCoords;
  samples: readonly RowSample[];
}

/**
 * The row's crossovers, without their sentence: one per bracket ("found", estimate at the
 * bracket's geometric middle), or one "none" over the measured range (low and high its ends),
 * or "unresolved" when no value of the row gave a verdict.
 */
export function crossoversOf(outcome: RowOutcome): Array<Omit<Crossover, "text">> {
  const head = { workload: outcome.workload, dimension: outcome.dimension, row: outcome.row };
  const decided = byValue(outcome.samples).filter((s) => s.winner !== null);
  if (decided.length === 0) return [{ ...head, status: "unresolved" }];
  const found = brackets(decided);
  if (found.length > 0) {
    return found.map((b) => ({
      ...head,
      status: "found",
      winnerAbove: b.winnerAbove,
      low: b.low,
      high: b.high,
      estimate: Math.round(Math.sqrt(b.low * b.high)),
    }));
  }
  const side = decided.find((s) => s.winner !== "none")?.winner ?? "none";
  return [
    { ...head, status: "none", winnerAbove: side, low: decided[0]!.value, high: decided[decided.length - 1]!.value },
  ];
}
