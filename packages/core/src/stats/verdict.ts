// Turns a speedup CI (see speedup.ts: > 1 always means gRPC did better) into a verdict's figures:
// the winner, its factor and interval oriented to it, and why no winner is named when none is. A
// winner is named only when the whole interval is on one side of 1; when REST wins, its factor is
// 1/speedup and the interval is inverted (and swapped) to match, so it always reads "X n times
// better", never "gRPC 0.8x faster". Numbers only: render/verdicts/verdict-text.ts writes the sentence.
import type { RatioCI } from "./bootstrap";
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
        | "emulatorBand"
        | "runToRunSpread"
        | "runToRunSource"
        | "winnerWithheld"
      >
    >;
}

/** A verdict as figures: who wins, by how much, and on what interval. */
export interface VerdictFigures {
  winner: Winner;
  /** How many times better the winner is (>= 1); for 'none', the speedup itself. */
  factor: number;
  /** CI of factor, in the same orientation as factor. */
  low: number;
  high: number;
  metric: ComparedMetric;
  confidence: number;
  /** One trial on a side: no interval, so the winner is the point estimate and nothing more. */
  degenerate: boolean;
  /**
   * The interval comes from a single trial's window (batch means over its sub-windows, or a
   * bootstrap of its calls), not from several trials.
   */
  withinTrial: boolean;
  /** No winner only because the difference is within the network emulator's precision (ci.emulatorBand). */
  withinEmulatorPrecision: boolean;
  /** sample-bootstrap only: each side's successful calls the interval rests on. */
  samples?: { rest: number; grpc: number };
  /** paired-slices only: the pairs of interleaved slices the interval rests on. */
  pairs?: number;
  /** The run-to-run spread the interval was widened by (ci.runToRunSpread), as a fraction. */
  runToRunSpread?: number;
  /** Where that spread came from when not from this machine's calibration (ci.runToRunSource). */
  runToRunSource?: "reference" | "assumed";
  /**
   * No winner whatever the interval says: the comparison's spread is assumed in a study preset's run
   * (ci.winnerWithheld). The sentence gives the run's figure and says "not enough to tell".
   */
  winnerWithheld: boolean;
  /** A withheld verdict's interval lies wholly on this side: factor, low and high are oriented to it. */
  leaning?: Exclude<Winner, "none">;
  /**
   * No winner, with an interval: the largest difference the interval leaves possible, as a
   * fraction (0.12 = 12%): the run could not have missed a difference larger than this.
   */
  detectable?: number;
}

/**
 * `band`: a relative difference too small to name a winner by, whatever the interval says (the
 * network emulator's precision under an emulated placement; 0 otherwise).
 */
function winnerOf(low: number, high: number, degenerate: boolean, band: number): Winner {
  // Without an interval nothing says a rerun would name the same side: no winner is named.
  if (degenerate) return "none";
  if (low > 1 + band) return "grpc";
  if (high < 1 / (1 + band)) return "rest";
  return "none";
}

/**
 * Whether an interval names a side, as a verdict would (emulator band aside): an interval, not a
 * point estimate; wholly on one side of 1; and its winner not withheld (RatioCI.winnerWithheld).
 */
export function clearOfParity(ci: Pick<RatioCI, "low" | "high" | "degenerate" | "winnerWithheld">): boolean {
  return !ci.degenerate && ci.winnerWithheld !== true && (ci.low > 1 || ci.high < 1);
}

/** The largest difference an interval around parity leaves possible: 0.12 for [0.89, 1.12]. */
export function detectableDifference(ci: { low: number; high: number }): number {
  return Math.max(ci.high, 1 / ci.low) - 1;
}

/** The verdict's figures from a speedup interval (> 1: gRPC did better). */
export function verdictFiguresOf({ metric, ci }: VerdictInput): VerdictFigures {
  // A CI built in the other direction would silently crown the wrong protocol.
  if (ci.ratio !== undefined && ci.ratio !== ratioDirectionFor(metric)) {
    throw new Error(`a ${metric} verdict needs a ${ratioDirectionFor(metric)} ratio, got ${ci.ratio}`);
  }
  const confidence = ci.confidence ?? 0.95;
  const degenerate = ci.degenerate ?? false;
  const band = ci.emulatorBand ?? 0;
  const winnerWithheld = ci.winnerWithheld === true && !degenerate;
  const winner = winnerWithheld ? "none" : winnerOf(ci.low, ci.high, degenerate, band);
  // The interval alone would have named a winner: only the emulator's precision keeps it from it.
  const withinEmulatorPrecision =
    !winnerWithheld && winner === "none" && band > 0 && winnerOf(ci.low, ci.high, degenerate, 0) !== "none";
  // A withheld verdict still reads its figure from the side its interval favours.
  const leaning = winnerWithheld ? winnerOf(ci.low, ci.high, false, band) : winner;
  const oriented =
    leaning === "rest"
      ? { factor: 1 / ci.estimate, low: 1 / ci.high, high: 1 / ci.low }
      : { factor: ci.estimate, low: ci.low, high: ci.high };
  const withinTrial = ci.method === "batch-means" || ci.method === "sample-bootstrap";
  const samples = !degenerate && ci.method === "sample-bootstrap" ? ci.samples : undefined;
  const pairs = !degenerate && ci.method === "paired-slices" ? ci.pairs : undefined;
  // Under an emulator its precision is the limit that matters, and the sentence says so instead.
  const detectable =
    winner === "none" && !degenerate && !withinEmulatorPrecision && !winnerWithheld
      ? detectableDifference(ci)
      : undefined;
  return {
    winner,
    ...oriented,
    metric,
    confidence,
    degenerate,
    withinTrial,
    withinEmulatorPrecision,
    winnerWithheld,
    ...(winnerWithheld && leaning !== "none" ? { leaning } : {}),
    ...(samples ? { samples } : {}),
    ...(pairs === undefined ? {} : { pairs }),
    ...(!degenerate && ci.runToRunSpread !== undefined ? { runToRunSpread: ci.runToRunSpread } : {}),
    ...(!degenerate && ci.runToRunSource !== undefined ? { runToRunSource: ci.runToRunSource } : {}),
    ...(detectable === undefined ? {} : { detectable }),
  };
}
