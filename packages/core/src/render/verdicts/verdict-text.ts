// The sentence a reader sees for a verdict (stats/verdict.ts has its figures): "gRPC 1.42x faster
// at p50 (95% CI 1.31-1.55)", "no significant difference at p50, none larger than 8% (...)", or
// "not enough to tell" where the run cannot say.
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
 * What a comparison without a winner is called: "not enough to tell" where the run could not say
 * (a point estimate, or a winner withheld for want of a calibration), else "no significant difference".
 */
export function noWinnerWords(ci: { degenerate: boolean; winnerWithheld?: boolean }): string {
  return ci.degenerate || ci.winnerWithheld === true ? "not enough to tell" : "no significant difference";
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

/** How the sentence says where the run-to-run noise it includes was measured. */
const RUN_TO_RUN_SOURCE_WORDS = { "this-machine": "", reference: " from the reference machine", assumed: " assumed" };

function sentence(v: VerdictFigures, labels: Record<Exclude<Winner, "none">, string>): string {
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
  v: VerdictFigures,
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

/** The verdict's figures and its sentence, e.g. "gRPC 1.42x faster at p50 (95% CI 1.31-1.55)". */
export function structuredVerdictFor({ labels = LABEL, ...input }: VerdictTextInput): Verdict {
  const verdict = verdictFiguresOf(input);
  return { ...verdict, text: sentence(verdict, labels) };
}

/** The plain sentence, e.g. "gRPC 1.42x faster at p50 (95% CI 1.31-1.55)". */
export function verdictFor(input: VerdictTextInput): string {
  return structuredVerdictFor(input).text;
}
