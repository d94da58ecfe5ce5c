import {
  layerSentence,
  layerSteps,
  type CellResult,
  type PlacementName,
  type ProtocolMeasure,
  type StackId,
} from "@relix/core";
import { EMULATOR_PRECISION_MS } from "@relix/core/network/emulator-precision";
import { isDefaultPair, runPairOf, runtimePairsOf, type StackPair } from "@relix/core/stacks/stack-pair";
import { compareStacks, compareTrials, headlineVerdict, summariseProtocol, type CompareOptions } from "./aggregate";
import type { PayloadSizes } from "./preflight";
import type { PlannedCell } from "./run-plan";
import { protocolOf } from "./stack-table";

/** One trial of a cell: every stack's measure, and the order they ran in. */
export interface MeasuredTrial {
  trial: number;
  order: readonly StackId[];
  measures: ReadonlyMap<StackId, ProtocolMeasure>;
}

export interface MeasuredCell {
  cell: PlannedCell;
  placement: PlacementName;
  payload: PayloadSizes;
  /** The run's stacks, its pair among them. */
  stacks: readonly StackId[];
  /** The run's headline pair (the spec's `pair`); absent: the default for its stacks (runPairOf). */
  pair?: StackPair;
  trials: readonly MeasuredTrial[];
}

/**
 * A cell's result: the run's pair (express and grpc-js unless the run measured others) where
 * results always had them (`rest`, `grpc`, their comparison and verdict; `pair` names the two when
 * they are not the default); with more stacks, theirs in `stacks`, each against both of the pair,
 * each other runtime's own REST-against-gRPC answer (say express against grpc-js beside spring
 * against grpc-java), and the layer walk over the steps whose two stacks were measured.
 */
export function cellResultOf(measured: MeasuredCell): CellResult {
  const { cell, trials } = measured;
  const pair = measured.pair ?? runPairOf({ stacks: measured.stacks });
  const inPair = (stack: StackId) => stack === pair.rest || stack === pair.grpc;
  const trialsOf = (stack: StackId) => trials.map((t) => t.measures.get(stack)!);
  const extras = measured.stacks.filter((stack) => !inPair(stack));
  const cellTrials: CellResult["trials"] = trials.map((t) => ({
    trial: t.trial,
    order: t.order.filter(inPair).map(protocolOf),
    ...(extras.length > 0 ? { stackOrder: [...t.order] } : {}),
    rest: t.measures.get(pair.rest)!,
    grpc: t.measures.get(pair.grpc)!,
  }));
  // Through an emulator, a difference it could make by itself names no winner.
  const options: CompareOptions =
    measured.placement === "loopback" ? {} : { emulatorPrecisionMs: EMULATOR_PRECISION_MS };
  const comparisons = compareTrials(cellTrials, options);
  const result: CellResult = {
    workload: cell.workload.id,
    label: cell.workload.label,
    study: cell.workload.study,
    cacheMode: cell.resultCacheMode,
    placement: measured.placement,
    ...(isDefaultPair(pair) ? {} : { pair: { rest: pair.rest, grpc: pair.grpc } }),
    payload: { rest: measured.payload.rest, grpc: measured.payload.grpc },
    trials: cellTrials,
    rest: summariseProtocol(trialsOf(pair.rest)),
    grpc: summariseProtocol(trialsOf(pair.grpc)),
    comparisons,
    verdict: headlineVerdict(comparisons),
  };
  if (extras.length === 0) return result;

  const side = (stack: StackId) => ({ stack, trials: trialsOf(stack) });
  const gap = comparisons.find((c) => c.metric === "p50")?.ci ?? null;
  const layers = layerSteps
    .filter((step) => measured.stacks.includes(step.from) && measured.stacks.includes(step.to))
    .map((step) => {
      const compared = compareStacks(side(step.from), side(step.to), options);
      const p50 = compared.comparisons.find((c) => c.metric === "p50");
      const text = p50
        ? layerSentence({
            workload: cell.workload.id,
            layer: step.layer,
            from: step.from,
            to: step.to,
            step: p50.ci,
            gap,
            pair,
          })
        : `on ${cell.workload.id}, ${step.from} -> ${step.to}: ${compared.verdict}`;
      return { layer: step.layer, ...compared, text };
    });
  return {
    ...result,
    stacks: extras.map((stack) => ({
      stack,
      payload: measured.payload.stacks[stack] ?? { requestBodyBytes: 0, responseBodyBytes: 0 },
      trials: trialsOf(stack),
      summary: summariseProtocol(trialsOf(stack)),
    })),
    stackComparisons: [
      ...extras.flatMap((stack) => [
        compareStacks(side(pair.rest), side(stack), options),
        compareStacks(side(pair.grpc), side(stack), options),
      ]),
      // Each other runtime's REST against its gRPC, where neither is in the pair (those are above).
      ...runtimePairsOf(measured.stacks)
        .filter((other) => extras.includes(other.rest) && extras.includes(other.grpc))
        .map((other) => compareStacks(side(other.rest), side(other.grpc), options)),
    ],
    layers,
  };
}
