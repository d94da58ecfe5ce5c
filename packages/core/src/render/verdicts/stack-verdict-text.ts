// The sentences that compare two stacks and that walk from express to grpc-js one layer at a time.
// Pure, so the engine writes them into a result and any renderer can write them again from the
// figures. A ratio here is oriented like a speedup: > 1 means `to` did better than `from`.
import type { StackPair } from "../../stacks/stack-pair";
import { DEFAULT_PAIR, stackRecord, stacks, type LayerName, type StackId } from "../../stacks/stacks";
import { gapShare, MOST_OF_A_GAP } from "../../stats/gap-shares";
import type { ComparedMetric } from "../../stats/speedup";
import { sharePercent, structuredVerdictFor, type VerdictTextInput } from "./verdict-text";

type RatioInput = VerdictTextInput["ci"];

export interface StackVerdict {
  /** The stack that did better, or "none" when the interval straddles 1 (or, with one trial, parity). */
  winner: StackId | "none";
  /** How many times better the winner is (>= 1). */
  factor: number;
  text: string;
}

/** `from` against `to` on one metric, e.g. "node 1.80x faster at p50 (95% CI 1.62-2.01)". */
export function stackVerdictFor(input: {
  metric: ComparedMetric;
  ci: RatioInput;
  from: StackId;
  to: StackId;
}): StackVerdict {
  // The verdict's "rest" side is the baseline (the ratio's denominator side), its "grpc" side the other.
  const verdict = structuredVerdictFor({
    metric: input.metric,
    ci: input.ci,
    labels: { rest: input.from, grpc: input.to },
  });
  const winner = verdict.winner === "none" ? "none" : verdict.winner === "rest" ? input.from : input.to;
  return { winner, factor: verdict.factor, text: verdict.text };
}

/** A stack's server as a reader names it (its record's `server`, else its id). */
const serverOf = (stack: StackId): string => stackRecord(stack).server ?? stack;

/**
 * What each step swaps, and what the slower side of it costs, in a reader's words. A runtime step
 * names its two servers, as they differ from one step to the next (Spring Boot, FastAPI...).
 */
const LAYER_WORDS: Record<LayerName, (from: StackId, to: StackId) => { change: string; cost: string }> = {
  framework: () => ({ change: "node:http in place of Express", cost: "Express's per-request cost" }),
  encoding: () => ({ change: "protobuf bodies in place of JSON", cost: "JSON's encoding cost" }),
  transport: () => ({ change: "HTTP/2 in place of HTTP/1.1", cost: "HTTP/1.1's cost" }),
  codec: () => ({
    change: "precompiled serializers in place of protobufjs's reflection",
    cost: "the reflection codec's cost",
  }),
  runtime: (from, to) => ({
    change: `${serverOf(to)} in place of ${serverOf(from)}`,
    cost: `${serverOf(from)}'s per-request cost`,
  }),
};

export interface LayerSentenceInput {
  workload: string;
  layer: LayerName;
  from: StackId;
  to: StackId;
  /** The step's p50 ratio, `from` -> `to`. */
  step: RatioInput;
  /** The pair's REST -> gRPC ratio on p50 in the same cell, or null when it has no ratio (a side had no success). */
  gap: RatioInput | null;
  /** The cell's pair (stacks/stack-pair.ts); the default, express and grpc-js, when absent. */
  pair?: StackPair;
}

/**
 * One step of the layer walk on p50: the step's ratio with its interval and, when both the step
 * and the express -> grpc-js gap are significant, its share of the gap, e.g. "on noop, node:http in
 * place of Express (express -> node): node 1.80x faster at p50 (95% CI 1.62-2.01); it closes 80% of
 * the express -> grpc-js gap: most of gRPC's lead is Express's per-request cost".
 */
export function layerSentence(input: LayerSentenceInput): string {
  const words = LAYER_WORDS[input.layer](input.from, input.to);
  const step = stackVerdictFor({ metric: "p50", ci: input.step, from: input.from, to: input.to });
  const head = `on ${input.workload}, ${words.change} (${input.from} -> ${input.to}): ${step.text}`;
  if (step.winner === "none") return head;
  const pair = input.pair ?? DEFAULT_PAIR;
  const gapName = `${pair.rest} -> ${pair.grpc}`;
  if (input.gap === null) return `${head}; ${gapName} has no p50 ratio to share`;
  const gap = stackVerdictFor({ metric: "p50", ci: input.gap, from: pair.rest, to: pair.grpc });
  if (gap.winner === "none")
    return `${head}; ${pair.rest} and ${pair.grpc} do not differ significantly, so there is no gap to share`;
  const share = gapShare({ from: input.from, estimate: input.step.estimate }, input.gap.estimate);
  if (share === null) return head;
  // Beyond 100% the step alone overturns the comparison: the changed stack beats the other side.
  const part =
    share > 1
      ? `it more than closes the ${gapName} gap (${sharePercent(share)} of it): this layer alone overturns the comparison`
      : share >= 0
        ? `it closes ${sharePercent(share)} of the ${gapName} gap`
        : `it widens the ${gapName} gap by ${sharePercent(share)}`;
  const leader = gap.winner === pair.grpc ? "gRPC" : "REST";
  const onRestSide = stacks[input.from].family === "rest";
  // Only a REST-side step can be the reason gRPC leads: it removes a cost the REST side pays.
  const reading =
    onRestSide && leader === "gRPC" && share >= MOST_OF_A_GAP ? `: most of gRPC's lead is ${words.cost}` : "";
  return `${head}; ${part}${reading}`;
}
