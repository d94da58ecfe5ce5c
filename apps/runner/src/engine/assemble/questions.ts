// A cell's two headline answers from what it measured (core result-schema.ts cellQuestionsSchema):
// latency from the pair at one call in flight where it was measured so (else from the cell's own
// load, labelled by what that load was), capacity per core from the cell's own load, naming no
// winner where the servers were not saturated.
import {
  bothSaturated,
  capacityOf,
  questionsSentence,
  unsaturatedCapacity,
  type CellQuestions,
  type Comparison,
  type LightLoad,
  type ProtocolSummary,
  type RunSpec,
} from "@relix/core";

export interface QuestionsInput {
  /** The workload's own load (after its workload load, if any). */
  spec: Pick<RunSpec, "connections" | "rate">;
  /** The headline's summaries and comparisons at the cell's own load. */
  rest: ProtocolSummary;
  grpc: ProtocolSummary;
  comparisons: readonly Comparison[];
  lightLoad?: LightLoad;
}

function latencyOf({ spec, comparisons, lightLoad }: QuestionsInput): CellQuestions["latency"] {
  const source = lightLoad?.comparisons ?? comparisons;
  const load =
    lightLoad || (spec.rate === undefined && spec.connections <= 1)
      ? "one-in-flight"
      : spec.rate !== undefined
        ? "open-loop"
        : "under-saturation";
  const p50 = source.find((c) => c.metric === "p50");
  const p99 = source.find((c) => c.metric === "p99");
  return { load, ...(p50 ? { p50 } : {}), ...(p99 ? { p99 } : {}) };
}

/** Where the cell's own load put the servers: "at 8 in flight", or "at 500 calls/s" in an open loop. */
const ownLoadPhrase = (spec: QuestionsInput["spec"]) =>
  spec.rate === undefined ? `at ${spec.connections} in flight` : `at ${spec.rate} calls/s`;

/**
 * The cell's questions, and its own-load comparisons with capacity's winner taken away where the
 * servers were not saturated (the same comparison the questions hold).
 */
export function cellQuestionsOf(input: QuestionsInput): { questions: CellQuestions; comparisons: Comparison[] } {
  const rest = capacityOf(input.rest);
  const grpc = capacityOf(input.grpc);
  const saturated = bothSaturated(rest, grpc);
  const comparisons = input.comparisons.map((c) =>
    c.metric === "capacity" && !saturated ? unsaturatedCapacity(c, { rest, grpc }) : c,
  );
  const comparison = comparisons.find((c) => c.metric === "capacity");
  const answers = {
    latency: latencyOf({ ...input, comparisons }),
    capacity: { rest, grpc, saturated, ...(comparison ? { comparison } : {}) },
  };
  return { questions: { ...answers, text: questionsSentence(answers, ownLoadPhrase(input.spec)) }, comparisons };
}
