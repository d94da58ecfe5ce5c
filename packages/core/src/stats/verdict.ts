// Turns a speedup CI (see speedup.ts: > 1 always means gRPC did better) into a verdict's figures:
// the winner, its factor and interval oriented to it, and why no winner is named when none is.
// Three answers, read against the comparison's equivalence margin m (equivalence-margin.ts): a
// winner only when the whole interval lies beyond the margin (low > 1 + m for gRPC, high <
// 1 / (1 + m) for REST); "the same within m" when it lies wholly within it; otherwise "not enough
// to tell", with the largest difference the interval leaves possible. When REST wins, its factor is
// 1/speedup and the interval is inverted (and swapped) to match, so it always reads "X n times
// better", never "gRPC 0.8x faster". Numbers only: render/verdicts/verdict-text.ts writes the sentence.
import type { RatioCI } from "./bootstrap";
import { sideOfMargin } from "./equivalence-margin";
import { ratioDirectionFor, type ComparedMetric } from "./speedup";

export type Winner = "grpc" | "rest" | "none";

export interface VerdictInput {
  metric: ComparedMetric;
  ci: Pick<RatioCI, "estimate" | "low" | "high"> &
    Partial<
      Pick<
        RatioCI,
        | "ratio"
        | "confidence"
        | "degenerate"
        | "method"
        | "samples"
        | "pairs"
        | "launches"
        | "margin"
        | "emulatorBand"
        | "runToRunSpread"
        | "referenceSpread"
        | "runToRunSource"
        | "winnerWithheld"
      >
    >;
}

/** A verdict as figures: who wins, by how much, and on what interval. */
export interface VerdictFigures {
  winner: Winner;
  /** How many times better the winner is (>= 1); for 'none', the speedup itself (or oriented to `leaning`). */
  factor: number;
  /** CI of factor, in the same orientation as factor. */
  low: number;
  high: number;
  metric: ComparedMetric;
  confidence: number;
  /** One trial on a side: no interval, so the winner is the point estimate and nothing more. */
  degenerate: boolean;
  /**
   * The interval rests on one block per side within one launch (batch means over its sub-windows,
   * or a bootstrap of its calls): a drift between the two blocks is in neither, so no winner is named.
   */
  withinTrial: boolean;
  /** No winner only because the difference is within the network emulator's precision (ci.emulatorBand). */
  withinEmulatorPrecision: boolean;
  /** The equivalence margin the interval was read against (ci.margin); absent in results written before margins. */
  margin?: number;
  /** The whole interval lies within the margin: the two sides are the same within it. */
  equivalent: boolean;
  /** sample-bootstrap only: each side's successful calls the interval rests on. */
  samples?: { rest: number; grpc: number };
  /** paired-slices only: the pairs of interleaved slices the interval rests on. */
  pairs?: number;
  /** launches only: the launches (fresh starts of the servers) the interval rests on. */
  launches?: number;
  /** The run-to-run spread of this machine's own calibration the interval was widened by, as a fraction. */
  runToRunSpread?: number;
  /** A spread measured elsewhere, shown for comparison and not applied (ci.referenceSpread). */
  referenceSpread?: NonNullable<RatioCI["referenceSpread"]>;
  /** Results written before: where an applied spread came from when not from this machine (ci.runToRunSource). */
  runToRunSource?: "reference" | "assumed";
  /** Results written before: a study preset's winner withheld on an assumed spread (ci.winnerWithheld). */
  winnerWithheld: boolean;
  /**
   * No winner, but a side the run's figures favour: a withheld verdict's interval lies wholly on
   * it, or a one-block interval's estimate does. factor, low and high are oriented to it.
   */
  leaning?: Exclude<Winner, "none">;
  /**
   * No winner and no equivalence, with an interval: the largest difference the interval leaves
   * possible, as a fraction (0.12 = 12%): the run could not have missed a difference larger than this.
   */
  detectable?: number;
}

/** Batch means and a bootstrap of one window's calls see one block per side, not the drift between them. */
const restsOnOneBlock = (method: RatioCI["method"]) => method === "batch-means" || method === "sample-bootstrap";

/** The side a point estimate favours: above 1 always gRPC (speedup.ts). */
const favouredBy = (estimate: number): Winner => (estimate >= 1 ? "grpc" : "rest");

/** The side an interval names beyond `threshold` (a relative difference), or "none". */
function sideBeyond(low: number, high: number, threshold: number): Winner {
  const side = sideOfMargin({ low, high }, threshold);
  return side === "above" ? "grpc" : side === "below" ? "rest" : "none";
}

/**
 * Whether an interval names a side, as a verdict would (emulator band aside): an interval, not a
 * point estimate; more than one block per side; wholly beyond its margin (none in results written
 * before margins) on one side; and its winner not withheld (results written before).
 */
export function clearOfParity(
  ci: Pick<RatioCI, "low" | "high" | "degenerate"> & Partial<Pick<RatioCI, "winnerWithheld" | "margin" | "method">>,
): boolean {
  if (ci.degenerate || ci.winnerWithheld === true || restsOnOneBlock(ci.method)) return false;
  return sideBeyond(ci.low, ci.high, ci.margin ?? 0) !== "none";
}

/** The largest difference an interval around parity leaves possible: 0.12 for [0.89, 1.12]. */
export function detectableDifference(ci: { low: number; high: number }): number {
  return Math.max(ci.high, 1 / ci.low) - 1;
}

/** The factor and interval oriented to a side: REST's are the inverse of the speedup's. */
function orientedTo(side: Winner, ci: { estimate: number; low: number; high: number }) {
  return side === "rest"
    ? { factor: 1 / ci.estimate, low: 1 / ci.high, high: 1 / ci.low }
    : { factor: ci.estimate, low: ci.low, high: ci.high };
}

/** Who wins, whether the sides are the same within the margin, and what alone kept a winner from being named. */
function outcomeOf(ci: VerdictInput["ci"], degenerate: boolean, withinTrial: boolean) {
  const margin = ci.margin ?? 0;
  const band = ci.emulatorBand ?? 0;
  const winnerWithheld = ci.winnerWithheld === true && !degenerate;
  // Without an interval, or with one that cannot see a drift between the sides, nothing says a
  // rerun would name the same side; a withheld one (results written before) keeps its word.
  const judged = !degenerate && !withinTrial && !winnerWithheld;
  const winner = judged ? sideBeyond(ci.low, ci.high, Math.max(margin, band)) : "none";
  // The margin alone would have named a winner: only the emulator's precision keeps it from it.
  const withinEmulatorPrecision = judged && winner === "none" && sideBeyond(ci.low, ci.high, margin) !== "none";
  const equivalent = judged && sideOfMargin(ci, margin) === "within";
  // What the run's figures favour where no winner may be named: a withheld interval's side, or a
  // one-block estimate's.
  let leaning: Winner = "none";
  if (winnerWithheld) leaning = sideBeyond(ci.low, ci.high, band);
  else if (withinTrial && !degenerate) leaning = favouredBy(ci.estimate);
  return { winner, winnerWithheld, withinEmulatorPrecision, equivalent, leaning };
}

/** The verdict's figures from a speedup interval (> 1: gRPC did better). */
export function verdictFiguresOf({ metric, ci }: VerdictInput): VerdictFigures {
  // A CI built in the other direction would silently crown the wrong protocol.
  if (ci.ratio !== undefined && ci.ratio !== ratioDirectionFor(metric)) {
    throw new Error(`a ${metric} verdict needs a ${ratioDirectionFor(metric)} ratio, got ${ci.ratio}`);
  }
  const degenerate = ci.degenerate ?? false;
  const withinTrial = restsOnOneBlock(ci.method);
  const outcome = outcomeOf(ci, degenerate, withinTrial);
  const { winner, leaning } = outcome;
  // Under an emulator its precision is the limit that matters, and the sentence says so instead.
  const detectable =
    winner === "none" && !degenerate && !outcome.withinEmulatorPrecision && !outcome.equivalent && leaning === "none"
      ? detectableDifference(ci)
      : undefined;
  const interval = !degenerate;
  return {
    winner,
    ...orientedTo(winner === "none" ? leaning : winner, ci),
    metric,
    confidence: ci.confidence ?? 0.95,
    degenerate,
    withinTrial,
    withinEmulatorPrecision: outcome.withinEmulatorPrecision,
    equivalent: outcome.equivalent,
    winnerWithheld: outcome.winnerWithheld,
    ...(ci.margin === undefined ? {} : { margin: ci.margin }),
    ...(leaning === "none" ? {} : { leaning }),
    ...(interval && ci.method === "sample-bootstrap" && ci.samples ? { samples: ci.samples } : {}),
    ...(interval && ci.method === "paired-slices" && ci.pairs !== undefined ? { pairs: ci.pairs } : {}),
    ...(interval && ci.method === "launches" && ci.launches !== undefined ? { launches: ci.launches } : {}),
    ...(interval && ci.runToRunSpread !== undefined ? { runToRunSpread: ci.runToRunSpread } : {}),
    ...(interval && ci.runToRunSource !== undefined ? { runToRunSource: ci.runToRunSource } : {}),
    ...(ci.referenceSpread === undefined ? {} : { referenceSpread: ci.referenceSpread }),
    ...(detectable === undefined ? {} : { detectable }),
  };
}
