// The equivalence margin: how large a difference a comparison treats as no difference at all.
// Without one, an interval that straddles 1 says only "not significant", and a very long run names
// a winner for a 0.3% difference nobody would act on. With one, a comparison has three answers:
// a winner when the whole interval lies beyond the margin, "the same within 5%" when it lies
// wholly within it, and "not enough to tell" otherwise (the two one-sided tests of equivalence
// testing, read off the same 95% interval).

/** The margin a run reads its comparisons against unless it says otherwise (`--margin`). */
export const DEFAULT_MARGIN = 0.05;

/** The largest margin a run may ask for: beyond it "the same" says little. */
export const MAX_MARGIN = 0.5;

/**
 * Where a ratio's interval lies against a margin m: "above" wholly beyond 1 + m, "below" wholly
 * beyond 1 / (1 + m), "within" wholly inside [1 / (1 + m), 1 + m], "across" otherwise. Symmetric
 * on the log scale, so 5% faster and 5% slower are the same distance from parity.
 */
export type MarginSide = "above" | "below" | "within" | "across";

export function sideOfMargin(interval: { low: number; high: number }, margin: number): MarginSide {
  if (interval.low > 1 + margin) return "above";
  if (interval.high < 1 / (1 + margin)) return "below";
  if (margin > 0 && interval.low >= 1 / (1 + margin) && interval.high <= 1 + margin) return "within";
  return "across";
}
