// Turns a speedup CI (see speedup.ts: > 1 always means gRPC did better) into the sentence a
// reader sees. A winner is named only when the whole interval is on one side of 1; when REST
// wins, its factor is 1/speedup and the interval is inverted (and swapped) to match, so the
// sentence always reads "X n times better", never "gRPC 0.8x faster".
import type { RatioCI } from "./bootstrap";
import { ratioDirectionFor, type ComparedMetric } from "./speedup";

export type Winner = "grpc" | "rest" | "none";

export interface VerdictInput {
  metric: ComparedMetric;
  /**
   * What the two sides are called in the sentence: REST and gRPC unless said (a comparison of two
   * stacks names them, e.g. express and node: the ratio's "rest" side is then the baseline).
   */
  labels?: Record<Exclude<Winner, "none">, string>;
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

export interface Verdict {
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
  text: string;
}

const LABEL: Record<Exclude<Winner, "none">, string> = { grpc: "gRPC", rest: "REST" };

const times = (x: number) => x.toFixed(2);

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

/**
 * What a comparison without a winner is called: "not enough to tell" where the run could not say
 * (a point estimate, or a winner withheld for want of a calibration), else "no significant difference".
 */
export function noWinnerWords(ci: { degenerate: boolean; winnerWithheld?: boolean }): string {
  return ci.degenerate || ci.winnerWithheld === true ? "not enough to tell" : "no significant difference";
}

/** How few calls a thin window's interval rests on, e.g. ", 14 calls each" or ", 40 REST and 12 gRPC calls". */
function calls(samples: Verdict["samples"], labels: Record<Exclude<Winner, "none">, string>): string {
  if (samples === undefined) return "";
  if (samples.rest === samples.grpc) return `, ${samples.rest} calls each`;
  return `, ${samples.rest} ${labels.rest} and ${samples.grpc} ${labels.grpc} calls`;
}

/** The largest difference an interval around parity leaves possible: 0.12 for [0.89, 1.12]. */
export function detectableDifference(ci: { low: number; high: number }): number {
  return Math.max(ci.high, 1 / ci.low) - 1;
}

/** "12%", "0.8%", "140%": a detectable difference as a reader says it. */
export function percentText(fraction: number): string {
  const percent = fraction * 100;
  if (percent === 0) return "0%";
  return `${percent < 1 ? percent.toFixed(1) : Math.round(percent)}%`;
}

/** How the sentence says where the run-to-run noise it includes was measured. */
const RUN_TO_RUN_SOURCE_WORDS = { "this-machine": "", reference: " from the reference machine", assumed: " assumed" };

function sentence(v: Omit<Verdict, "text">, labels: Record<Exclude<Winner, "none">, string>): string {
  const where = v.metric === "rps" ? "in throughput" : `at ${v.metric}`;
  const pairs = v.pairs === undefined ? "" : `, ${v.pairs} paired slices`;
  const rerun =
    v.runToRunSpread === undefined
      ? ""
      : `, with ${percentText(v.runToRunSpread)} run-to-run noise${RUN_TO_RUN_SOURCE_WORDS[v.runToRunSource ?? "this-machine"]}`;
  const interval = v.degenerate
    ? `1 trial: no confidence interval, point estimate ${times(v.factor)}x`
    : `${+(v.confidence * 100).toFixed(1)}% CI ${times(v.low)}-${times(v.high)}${v.withinTrial ? ", 1 trial" : ""}${pairs}${rerun}${calls(v.samples, labels)}`;
  if (v.winnerWithheld) return withheldSentence(v, labels, where, interval);
  if (v.winner === "none") {
    const none = v.withinEmulatorPrecision
      ? "no difference beyond the network emulator's precision"
      : v.degenerate
        ? "not enough to tell"
        : "no significant difference";
    // "Not significant" is not "equal": say how large a difference could still hide in the interval.
    const bound = v.detectable === undefined ? "" : `, none larger than ${percentText(v.detectable)}`;
    return `${none} ${where}${bound} (${interval})`;
  }
  const better = v.metric === "rps" ? "more throughput" : `faster at ${v.metric}`;
  return `${labels[v.winner]} ${times(v.factor)}x ${better} (${interval})`;
}

/**
 * "not enough to tell at p50: gRPC 2.00x faster in this run, …": what the interval would have said,
 * and why it is not a verdict (Verdict.winnerWithheld).
 */
function withheldSentence(
  v: Omit<Verdict, "text">,
  labels: Record<Exclude<Winner, "none">, string>,
  where: string,
  interval: string,
): string {
  const unproven = "no calibration of this study's runs shows a rerun would agree";
  if (v.leaning === undefined) {
    return `not enough to tell ${where}: no difference larger than ${percentText(detectableDifference(v))} in this run, but ${unproven} (${interval})`;
  }
  const better = v.metric === "rps" ? "more throughput" : "faster";
  return `not enough to tell ${where}: ${labels[v.leaning]} ${times(v.factor)}x ${better} in this run, but ${unproven} (${interval})`;
}

export function structuredVerdictFor({ metric, ci, labels = LABEL }: VerdictInput): Verdict {
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
  const verdict = {
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
  return { ...verdict, text: sentence(verdict, labels) };
}

/** The plain sentence, e.g. "gRPC 1.42x faster at p50 (95% CI 1.31-1.55)". */
export function verdictFor(input: VerdictInput): string {
  return structuredVerdictFor(input).text;
}
