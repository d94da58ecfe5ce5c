// The stacks part of the result fixture (result-fixture.ts): figures for the stacks beyond express
// and grpc-js, their server-time split, and the comparisons the engine derives from them (each
// extra stack against both defaults, the layer walk), computed by the real stats code.
import type { ProtocolMeasure, StackComparison, StackPair } from "../result/result-schema";
import { layerSteps, stacks, type StackId } from "../stacks/stacks";
import { callsPerCoreSecond, COMPARED_METRICS, speedupCI } from "../stats/speedup";
import { layerSentence, stackVerdictFor } from "../render/verdicts/stack-verdict-text";

/** Mean ms per request in the service function, encoding and decoding bodies, and the rest. */
export interface SplitInput {
  serviceMs: number;
  codecMs: number;
  restMs: number;
}

/** Figures a stack starts from in every cell (latencies ms), a little apart so each layer shows. */
export const DEFAULT_STACK_FIGURES: Record<
  Exclude<StackId, "express" | "grpc-js">,
  { p50: number; p99: number; mean: number; rps: number; requestBodyBytes: number; responseBodyBytes: number }
> = {
  node: { p50: 0.7, p99: 2.1, mean: 0.78, rps: 10300, requestBodyBytes: 0, responseBodyBytes: 112 },
  "node-protobuf": { p50: 0.66, p99: 2.0, mean: 0.74, rps: 11000, requestBodyBytes: 5, responseBodyBytes: 83 },
  h2c: { p50: 0.62, p99: 1.9, mean: 0.7, rps: 11800, requestBodyBytes: 0, responseBodyBytes: 112 },
  "grpc-js-static": { p50: 0.46, p99: 1.5, mean: 0.55, rps: 15000, requestBodyBytes: 5, responseBodyBytes: 83 },
  spring: { p50: 0.8, p99: 3.0, mean: 0.9, rps: 9000, requestBodyBytes: 0, responseBodyBytes: 112 },
  fastapi: { p50: 1.6, p99: 4.2, mean: 1.7, rps: 4800, requestBodyBytes: 0, responseBodyBytes: 112 },
  flask: { p50: 2.2, p99: 5.5, mean: 2.4, rps: 3600, requestBodyBytes: 0, responseBodyBytes: 112 },
  "grpc-java": { p50: 0.4, p99: 1.6, mean: 0.5, rps: 16000, requestBodyBytes: 5, responseBodyBytes: 83 },
  grpcio: { p50: 1.1, p99: 3.1, mean: 1.2, rps: 7000, requestBodyBytes: 5, responseBodyBytes: 83 },
};

/** Where each stack's server time goes when a test does not say: the framework and codec differ. */
export const DEFAULT_SPLITS: Record<StackId, SplitInput> = {
  express: { serviceMs: 0.02, codecMs: 0.008, restMs: 0.032 },
  node: { serviceMs: 0.02, codecMs: 0.008, restMs: 0.012 },
  "node-protobuf": { serviceMs: 0.02, codecMs: 0.005, restMs: 0.012 },
  h2c: { serviceMs: 0.02, codecMs: 0.008, restMs: 0.016 },
  "grpc-js": { serviceMs: 0.02, codecMs: 0.012, restMs: 0.02 },
  "grpc-js-static": { serviceMs: 0.02, codecMs: 0.004, restMs: 0.02 },
  spring: { serviceMs: 0.03, codecMs: 0.01, restMs: 0.04 },
  fastapi: { serviceMs: 0.08, codecMs: 0.02, restMs: 0.1 },
  flask: { serviceMs: 0.09, codecMs: 0.02, restMs: 0.14 },
  "grpc-java": { serviceMs: 0.03, codecMs: 0.004, restMs: 0.02 },
  grpcio: { serviceMs: 0.08, codecMs: 0.01, restMs: 0.06 },
};

const pick = (metric: StackComparison["metric"], m: ProtocolMeasure) =>
  metric === "rps" ? m.rps : metric === "capacity" ? callsPerCoreSecond(m.server.cpuMsPer1000) : m.latencyMs[metric];

/** `from` against `to`: ratios above 1 mean `to` did better, as the schema orients them. */
export function stackPairOf(from: StackId, to: StackId, trialsOf: (stack: StackId) => ProtocolMeasure[]): StackPair {
  const comparisons = COMPARED_METRICS.map((metric): StackComparison => {
    const ci = speedupCI(
      metric,
      trialsOf(from).map((m) => pick(metric, m)),
      trialsOf(to).map((m) => pick(metric, m)),
      {
        iterations: 500,
      },
    );
    const verdict = stackVerdictFor({ metric, ci, from, to });
    return { metric, ci, winner: verdict.winner, text: verdict.text };
  });
  return { from, to, comparisons, verdict: comparisons[0]!.text };
}

/** Every extra stack against express and against grpc-js. */
export function stackComparisonsOf(
  extra: readonly StackId[],
  trialsOf: (stack: StackId) => ProtocolMeasure[],
): StackPair[] {
  return extra.flatMap((stack) => [stackPairOf("express", stack, trialsOf), stackPairOf("grpc-js", stack, trialsOf)]);
}

/** The layer steps whose two stacks were both measured, each with its sentence. */
export function layersOf(
  workload: string,
  measured: readonly StackId[],
  trialsOf: (stack: StackId) => ProtocolMeasure[],
) {
  const gap = stackPairOf("express", "grpc-js", trialsOf).comparisons[0]!.ci;
  return layerSteps
    .filter((step) => measured.includes(step.from) && measured.includes(step.to))
    .map((step) => {
      const pair = stackPairOf(step.from, step.to, trialsOf);
      const p50 = pair.comparisons[0]!.ci;
      const text = layerSentence({ workload, layer: step.layer, from: step.from, to: step.to, step: p50, gap });
      return { ...pair, layer: step.layer, text };
    });
}

export const toolOf = (stack: StackId) => stacks[stack].tool;
