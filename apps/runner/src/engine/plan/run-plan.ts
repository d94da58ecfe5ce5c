import { runPairOf, type StackPair } from "@relix/core/stacks/stack-pair";
import { stacksWithPair } from "@relix/core/stacks/stack-list";
import {
  DEFAULT_STACKS,
  estimateMeasuringMs,
  getWorkload,
  numericGrid,
  plannedCells,
  stackIds,
  type CacheMode,
  type Protocol,
  type RunSpec,
  type StackId,
  type Workload,
} from "@relix/core";
import { MAX_SLICES } from "../measure/slices";
import { protocolOf } from "./stack-table";

export interface PlannedCell {
  workload: Workload;
  /** What the services are asked for ("warm" for workloads that never read through the cache). */
  cacheMode: CacheMode;
  /** What the result calls it. */
  resultCacheMode: CacheMode | "none";
}

/** The spec's cells (shared with the presets' time estimates), with their catalog entries. */
export function planCells(spec: RunSpec): PlannedCell[] {
  return plannedCells(spec).map(({ workload, cacheMode }) => ({
    workload: getWorkload(workload),
    cacheMode: cacheMode === "none" ? "warm" : cacheMode,
    resultCacheMode: cacheMode,
  }));
}

/** The spec's stacks, its pair's two among them, in the stacks table's order: REST first, gRPC last. */
export function runStacks(spec: Partial<Pick<RunSpec, "stacks" | "pair">>): StackId[] {
  const wanted = stacksWithPair(spec.stacks ?? DEFAULT_STACKS, spec.pair);
  return stackIds.filter((stack) => wanted.includes(stack));
}

/** The pair every cell's headline compares: the spec's, or the default for its stacks (runPairOf). */
export const runPair = (spec: Partial<Pick<RunSpec, "stacks" | "pair">>): StackPair =>
  runPairOf({ stacks: runStacks(spec), pair: spec.pair });

/**
 * The order the stacks run in within one trial: the list rotated by one more place each trial,
 * counted across the whole run, so each stack goes first in turn and none always gets the warmer
 * (or the more tired) machine. With express and grpc-js alone this is REST first on even-numbered
 * trials, gRPC first on odd ones.
 */
export function stackOrder(stacks: readonly StackId[], rotation: number): StackId[] {
  const shift = rotation % stacks.length;
  return [...stacks.slice(shift), ...stacks.slice(0, shift)];
}

/** REST first on even-numbered protocol pairs, gRPC first on odd ones (a pair's stackOrder). */
export function protocolOrder(pairIndex: number, pair: StackPair = runPair({})): [Protocol, Protocol] {
  return stackOrder([pair.rest, pair.grpc], pairIndex).map(protocolOf) as [Protocol, Protocol];
}

/**
 * Per stack run, on top of its windows: tool start-up and the drain at the end, for the warm-up
 * and for each of up to MAX_SLICES slices (its lead-in, tail, a tool start and two stats reads).
 */
const PER_RUN_OVERHEAD_MS = 600 + MAX_SLICES * 150;

/** A count-mode window's length cannot be known before it runs: a guess for the first ETA only. */
const COUNT_MODE_WINDOW_GUESS_MS = 2_000;

/** Estimated time of the measuring phase, for the progress ETA: the presets' estimate plus overheads. */
export function estimatedMeasuringMs(spec: RunSpec, cells: number): number {
  const gridPoints = spec.sweep ? numericGrid(spec.sweep).length : 1;
  const runs = gridPoints * (spec.network?.length ?? 1) * cells * spec.trials * runStacks(spec).length;
  const windows = estimateMeasuringMs(spec) ?? runs * (spec.warmupMs + COUNT_MODE_WINDOW_GUESS_MS);
  return windows + runs * PER_RUN_OVERHEAD_MS;
}
