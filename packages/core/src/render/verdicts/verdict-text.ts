// The sentence a reader sees for a verdict (stats/verdict.ts has its figures): "gRPC 1.42x faster
// at p50 (95% CI 1.31-1.55, 5 launches)", "gRPC serves 2.40x the calls per core (...)", "the same
// within 5% at p50 (...)", or "not enough to tell at p50: a difference of up to 12% is possible
// (...)" where the run cannot say. Results written before margins read "no significant difference".
import type { ComparedMetric } from "../../stats/speedup";
import {
  detectableDifference,
  verdictFiguresOf,
  type VerdictFigures,
  type VerdictInput,
  type Winner,
} from "../../stats/verdict";

export interface VerdictTextInput extends VerdictInput {
  /**
   * What the two sides are called in the sentence: REST and gRPC unless said (a comparison of two
   * stacks names them, e.g. express and node: the ratio's "rest" side is then the baseline).
   */
  labels?: Record<Exclude<Winner, "none">, string>;
}

/** A verdict's figures with its sentence. */
export interface Verdict extends VerdictFigures {
  text: string;
}

const LABEL: Record<Exclude<Winner, "none">, string> = { grpc: "gRPC", rest: "REST" };

const times = (x: number) => x.toFixed(2);

/**
 * What a comparison without a winner is called: "the same within 5%" where its interval lies
 * within the margin; "not enough to tell" where the run cannot say (a point estimate, one block per
 * side, a winner withheld in a result written before, or an interval across the margin); "no
 * significant difference" in results written before margins, whose interval merely straddles 1.
 */
export function noWinnerWords(v: {
  degenerate: boolean;
  winnerWithheld?: boolean;
  withinTrial?: boolean;
  equivalent?: boolean;
  margin?: number;
}): string {
  if (v.equivalent === true && v.margin !== undefined) return `the same within ${percentText(v.margin)}`;
  if (v.degenerate || v.winnerWithheld === true || v.withinTrial === true || v.margin !== undefined)
    return "not enough to tell";
  return "no significant difference";
}

/** How few calls a thin window's interval rests on, e.g. ", 14 calls each" or ", 40 REST and 12 gRPC calls". */
function calls(samples: VerdictFigures["samples"], labels: Record<Exclude<Winner, "none">, string>): string {
  if (samples === undefined) return "";
  if (samples.rest === samples.grpc) return `, ${samples.rest} calls each`;
  return `, ${samples.rest} ${labels.rest} and ${samples.grpc} ${labels.grpc} calls`;
}

/** "12%", "0.8%", "140%": a detectable difference as a reader says it. */
export function percentText(fraction: number): string {
  const percent = fraction * 100;
  if (percent === 0) return "0%";
  return `${percent < 1 ? percent.toFixed(1) : Math.round(percent)}%`;
}

/** "61%": a step's share of a gap, whichever way it points. */
export const sharePercent = (share: number) => `${Math.round(Math.abs(share) * 100)}%`;

/** Where the sentence places the comparison: "at p50", "in throughput", "in calls per core". */
const WHERE: Record<ComparedMetric, string> = {
  p50: "at p50",
  p99: "at p99",
  rps: "in throughput",
  capacity: "in calls per core",
};

/**
 * "gRPC 1.42x faster at p50", "gRPC 1.30x more throughput", "REST serves 1.30x the calls per core":
 * a side's factor at a metric; `short` leaves out the metric where the sentence has named it.
 */
function sideText(side: string, factor: number, metric: ComparedMetric, short = false): string {
  if (metric === "capacity") return `${side} serves ${times(factor)}x the calls per core`;
  if (metric === "rps") return `${side} ${times(factor)}x more throughput`;
  return `${side} ${times(factor)}x faster${short ? "" : ` at ${metric}`}`;
}

/**
 * A spread measured on another machine, shown beside the interval and never applied: ", the
 * reference machine's reruns spread ±8%, not applied". "assumed": no calibration of this spec
 * anywhere, the largest spread any reference calibration showed at the metric.
 */
function referenceNote(spread: VerdictFigures["referenceSpread"]): string {
  if (spread === undefined) return "";
  const words =
    spread.source === "reference"
      ? `the reference machine's reruns of this spec spread ±${percentText(spread.spread)}`
      : `the reference machine's reruns of other specs spread up to ±${percentText(spread.spread)}`;
  return `; ${words}, not applied`;
}

/** How the sentence says where an applied spread came from: this machine's, or elsewhere in results written before. */
const RUN_TO_RUN_SOURCE_WORDS = { "this-machine": "", reference: " from the reference machine", assumed: " assumed" };

/** The parenthesis after a verdict: its interval and what the interval rests on. */
function intervalText(v: VerdictFigures, labels: Record<Exclude<Winner, "none">, string>): string {
  if (v.degenerate) return `1 trial: no confidence interval, point estimate ${times(v.factor)}x`;
  const launches = v.launches === undefined ? "" : `, ${v.launches} launches`;
  const pairs = v.pairs === undefined ? "" : `, ${v.pairs} paired slices`;
  const rerun =
    v.runToRunSpread === undefined
      ? ""
      : `, with ${percentText(v.runToRunSpread)} run-to-run noise${RUN_TO_RUN_SOURCE_WORDS[v.runToRunSource ?? "this-machine"]}`;
  const ci = `${+(v.confidence * 100).toFixed(1)}% CI ${times(v.low)}-${times(v.high)}`;
  return `${ci}${v.withinTrial ? ", 1 trial" : ""}${launches}${pairs}${rerun}${calls(v.samples, labels)}${referenceNote(v.referenceSpread)}`;
}

function sentence(v: VerdictFigures, labels: Record<Exclude<Winner, "none">, string>): string {
  const where = WHERE[v.metric];
  const interval = intervalText(v, labels);
  if (v.winner !== "none") return `${sideText(labels[v.winner], v.factor, v.metric)} (${interval})`;
  if (v.winnerWithheld) return withheldSentence(v, labels, where, interval);
  if (v.withinTrial && v.leaning !== undefined) {
    // One block per side: a drift between the blocks is in neither block's noise, so the interval
    // cannot say a rerun would agree (docs/measurement.md, "Interleaved slices").
    return `not enough to tell ${where}: one block per side, so a drift between the two blocks is not in the interval; ${sideText(labels[v.leaning], v.factor, v.metric, true)} in this run (${interval})`;
  }
  if (v.withinEmulatorPrecision) return `no difference beyond the network emulator's precision ${where} (${interval})`;
  if (v.equivalent) return `${noWinnerWords(v)} ${where} (${interval})`;
  if (v.degenerate) return `not enough to tell ${where} (${interval})`;
  // "Not significant" is not "equal": say how large a difference could still hide in the interval.
  const bound = v.detectable === undefined ? "" : percentText(v.detectable);
  if (v.margin !== undefined)
    return `not enough to tell ${where}: a difference of up to ${bound} is possible (${interval})`;
  return `no significant difference ${where}, none larger than ${bound} (${interval})`;
}

/**
 * "not enough to tell at p50: gRPC 2.00x faster in this run, …": what the interval would have said,
 * and why it is not a verdict (Verdict.winnerWithheld, results written before spreads from
 * elsewhere stopped deciding verdicts).
 */
function withheldSentence(
  v: VerdictFigures,
  labels: Record<Exclude<Winner, "none">, string>,
  where: string,
  interval: string,
): string {
  const unproven = "no calibration of this study's runs shows a rerun would agree";
  if (v.leaning === undefined) {
    return `not enough to tell ${where}: no difference larger than ${percentText(detectableDifference(v))} in this run, but ${unproven} (${interval})`;
  }
  return `not enough to tell ${where}: ${sideText(labels[v.leaning], v.factor, v.metric, true)} in this run, but ${unproven} (${interval})`;
}

/** The verdict's figures and its sentence, e.g. "gRPC 1.42x faster at p50 (95% CI 1.31-1.55)". */
export function structuredVerdictFor({ labels = LABEL, ...input }: VerdictTextInput): Verdict {
  const verdict = verdictFiguresOf(input);
  return { ...verdict, text: sentence(verdict, labels) };
}

/** The plain sentence, e.g. "gRPC 1.42x faster at p50 (95% CI 1.31-1.55)". */
export function verdictFor(input: VerdictTextInput): string {
  return structuredVerdictFor(input).text;
}
