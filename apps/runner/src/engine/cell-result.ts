import {
  layerSentence,
  layerSteps,
  type CellResult,
  type PlacementName,
  type ProtocolMeasure,
  type StackId,
} from "@relix/core";
import { EMULATOR_PRECISION_MS } from "@relix/core/network/emulator-precision";
import { compareStacks, compareTrials, headlineVerdict, summariseProtocol, type CompareOptions } from "./aggregate";
import type { PayloadSizes } from "./preflight";
import type { PlannedCell } from "./run-plan";
import { DEFAULT_STACK_OF, isDefaultStack, protocolOf } from "./stack-table";

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
  /** The run's stacks, express and grpc-js among them. */
  stacks: readonly StackId[];
  trials: readonly MeasuredTrial[];
}

const EXPRESS = DEFAULT_STACK_OF.rest;
const GRPC_JS = DEFAULT_STACK_OF.grpc;

/**
 * A cell's result: express and grpc-js where results always had them (`rest`, `grpc`, their
 * comparison and verdict); with more stacks, theirs in `stacks`, each against both defaults, and
 * the layer walk over the steps whose two stacks were measured.
 */
export function cellResultOf(measured: MeasuredCell): CellResult {
  const { cell, trials } = measured;
  const trialsOf = (stack: StackId) => trials.map((t) => t.measures.get(stack)!);
  const extras = measured.stacks.filter((stack) => !isDefaultStack(stack));
  const cellTrials: CellResult["trials"] = trials.map((t) => ({
    trial: t.trial,
    order: t.order.filter(isDefaultStack).map(protocolOf),
    ...(extras.length > 0 ? { stackOrder: [...t.order] } : {}),
    rest: t.measures.get(EXPRESS)!,
    grpc: t.measures.get(GRPC_JS)!,
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
    payload: { rest: measured.payload.rest, grpc: measured.payload.grpc },
    trials: cellTrials,
    rest: summariseProtocol(trialsOf(EXPRESS)),
    grpc: summariseProtocol(trialsOf(GRPC_JS)),
    comparisons,
    verdict: headlineVerdict(comparisons),
  };
  if (extras.length === 0) return result;

  const side = (stack: StackId) => ({ stack, trials: trialsOf(stack) });
  const gap = comparisons.find((c) => c.metric === "p50")?.ci ?? null;
  const layers = layerSteps
    .filter((step) => measured.stacks.includes(step.from) && measured.stacks.includes(step.to))
    .map((step) => {
      const pair = compareStacks(side(step.from), side(step.to), options);
      const p50 = pair.comparisons.find((c) => c.metric === "p50");
      const text = p50
        ? layerSentence({
            workload: cell.workload.id,
            layer: step.layer,
            from: step.from,
            to: step.to,
            step: p50.ci,
            gap,
          })
        : `on ${cell.workload.id}, ${step.from} -> ${step.to}: ${pair.verdict}`;
      return { layer: step.layer, ...pair, text };
    });
  return {
    ...result,
    stacks: extras.map((stack) => ({
      stack,
      payload: measured.payload.stacks[stack] ?? { requestBodyBytes: 0, responseBodyBytes: 0 },
      trials: trialsOf(stack),
      summary: summariseProtocol(trialsOf(stack)),
    })),
    stackComparisons: extras.flatMap((stack) => [
      compareStacks(side(EXPRESS), side(stack), options),
      compareStacks(side(GRPC_JS), side(stack), options),
    ]),
    layers,
  };
}
