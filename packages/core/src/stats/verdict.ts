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
    Partial<Pick<RatioCI, "ratio" | "confidence" | "degenerate" | "method" | "samples" | "emulatorBand">>;
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
  text: string;
}

const LABEL: Record<Exclude<Winner, "none">, string> = { grpc: "gRPC", rest: "REST" };

const times = (x: number) => x.toFixed(2);

/**
 * When not even one trial's sub-windows give an interval (a window too short), there is nothing to
 * judge by, so a point estimate within this much of parity
 * is called a tie: run-to-run noise on a small shared machine is of that order.
 */
export const SINGLE_TRIAL_TIE_BAND = 0.05;

/**
 * `band`: a relative difference too small to name a winner by, whatever the interval says (the
 * network emulator's precision under an emulated placement; 0 otherwise).
 */
function winnerOf(estimate: number, low: number, high: number, degenerate: boolean, band: number): Winner {
  if (degenerate) {
    const tie = Math.max(band, SINGLE_TRIAL_TIE_BAND);
    if (estimate >= 1 + tie) return "grpc";
    if (estimate <= 1 / (1 + tie)) return "rest";
    return "none";
  }
  if (low > 1 + band) return "grpc";
  if (high < 1 / (1 + band)) return "rest";
  return "none";
}

/** How few calls a thin window's interval rests on, e.g. ", 14 calls each" or ", 40 REST and 12 gRPC calls". */
function calls(samples: Verdict["samples"], labels: Record<Exclude<Winner, "none">, string>): string {
  if (samples === undefined) return "";
  if (samples.rest === samples.grpc) return `, ${samples.rest} calls each`;
  return `, ${samples.rest} ${labels.rest} and ${samples.grpc} ${labels.grpc} calls`;
}

function sentence(v: Omit<Verdict, "text">, labels: Record<Exclude<Winner, "none">, string>): string {
  const where = v.metric === "rps" ? "in throughput" : `at ${v.metric}`;
  const interval = v.degenerate
    ? "1 trial: no confidence interval"
    : `${+(v.confidence * 100).toFixed(1)}% CI ${times(v.low)}-${times(v.high)}${v.withinTrial ? ", 1 trial" : ""}${calls(v.samples, labels)}`;
  if (v.winner === "none") {
    const none = v.withinEmulatorPrecision
      ? "no difference beyond the network emulator's precision"
      : v.degenerate
        ? "no difference"
        : "no significant difference";
    return `${none} ${where} (${interval})`;
  }
  const better = v.metric === "rps" ? "more throughput" : `faster at ${v.metric}`;
  return `${labels[v.winner]} ${times(v.factor)}x ${better} (${interval})`;
}

export function structuredVerdictFor({ metric, ci, labels = LABEL }: VerdictInput): Verdict {
  // A CI built in the other direction would silently crown the wrong protocol.
  if (ci.ratio !== undefined && ci.ratio !== ratioDirectionFor(metric)) {
    throw new Error(`a ${metric} verdict needs a ${ratioDirectionFor(metric)} ratio, got ${ci.ratio}`);
  }
  const confidence = ci.confidence ?? 0.95;
  const degenerate = ci.degenerate ?? false;
  const band = ci.emulatorBand ?? 0;
  const winner = winnerOf(ci.estimate, ci.low, ci.high, degenerate, band);
  // The interval alone would have named a winner: only the emulator's precision keeps it from it.
  const withinEmulatorPrecision =
    winner === "none" && band > 0 && winnerOf(ci.estimate, ci.low, ci.high, degenerate, 0) !== "none";
  const oriented =
    winner === "rest"
      ? { factor: 1 / ci.estimate, low: 1 / ci.high, high: 1 / ci.low }
      : { factor: ci.estimate, low: ci.low, high: ci.high };
  const withinTrial = ci.method === "batch-means" || ci.method === "sample-bootstrap";
  const samples = !degenerate && ci.method === "sample-bootstrap" ? ci.samples : undefined;
  const verdict = {
    winner,
    ...oriented,
    metric,
    confidence,
    degenerate,
    withinTrial,
    withinEmulatorPrecision,
    ...(samples ? { samples } : {}),
  };
  return { ...verdict, text: sentence(verdict, labels) };
}

/** The plain sentence, e.g. "gRPC 1.42x faster at p50 (95% CI 1.31-1.55)". */
export function verdictFor(input: VerdictInput): string {
  return structuredVerdictFor(input).text;
}
