import type {
  CellResult,
  PlacementName,
  ProtocolMeasure,
  RunSpec,
  StackId,
  SweepCoords,
  WorkloadParams,
} from "@relix/core";
import type { LayeredRunToRun } from "@relix/core/presets/calibrations/reference-run-to-run";
import { comparisonCellName } from "@relix/core/stats/run-to-run-book";
import { cellResultOf, type MeasuredTrial } from "../assemble/cell-result";
import type { EngineContext } from "../engine-context";
import { measureInterleavedTrial, type ClientViews, type TrialMeasures } from "./interleaved-trial";
import type { ProtocolRunPlan } from "./measure-protocol";
import type { PayloadSizes } from "../launch/preflight";
import { RunCancelledError, type CellRef, type RunEvent } from "../run-events";
import { runPair, runStacks, stackOrder, type PlannedCell } from "../plan/run-plan";
import { isDefaultStack, protocolOf } from "../plan/stack-table";
import type { ServiceTargets } from "../launch/targets";

/** Where the run is among all its stack runs, over every placement: progress and ETA read it. */
export interface RunProgress {
  /** Stack runs started so far. */
  index: number;
  /** Stack runs the run will make (a refused placement's are taken off). */
  total: number;
  /** Trials so far over every cell, for the rotating stack order. */
  pairIndex: number;
  measuringStarted: number;
  estimateMs: number;
}

export interface PlacementCellsPlan {
  spec: RunSpec;
  placement: PlacementName;
  cells: readonly PlannedCell[];
  sizes: readonly PayloadSizes[];
  requestsByWorkload: ReadonlyMap<string, unknown[]>;
  /** The placement's proxies, or undefined to load the services direct (loopback). */
  loadTargets?: ServiceTargets;
  /** Count mode: every side's time cap in a trial, replacing the spec's (ProtocolRunPlan says). */
  countWindowCapMs?: number;
  signal?: AbortSignal;
  /** The emulator the placement goes through (its record's `emulator`), for its precision; absent on loopback. */
  emulator?: string;
  /** A sweep's point these cells are measured at, named in their events. */
  sweep?: { coords: SweepCoords; refinement: boolean };
  /** The run-to-run spreads of the run's comparisons (presets/calibrations/reference-run-to-run.ts); absent: turned off. */
  runToRun?: LayeredRunToRun;
}

export const paramsOf = (spec: RunSpec): WorkloadParams => ({
  keyCount: spec.keyCount,
  payloadBytes: spec.payloadBytes,
  streamMessages: spec.streamMessages,
  dotLength: spec.dotLength,
  records: spec.records,
  ...(spec.echoBytes === undefined ? {} : { echoBytes: spec.echoBytes }),
});

/**
 * Every cell's trials under one placement: in each trial every stack of the run, interleaved in
 * slices (interleaved-trial.ts), the first round's order rotating from trial to trial across the
 * whole run.
 */
export async function measurePlacementCells(
  plan: PlacementCellsPlan,
  progress: RunProgress,
  context: EngineContext,
  onEvent: (e: RunEvent) => void,
): Promise<CellResult[]> {
  const { spec, signal } = plan;
  const stacks = runStacks(spec);
  const pair = runPair(spec);
  const results: CellResult[] = [];
  for (const [cellNumber, cell] of plan.cells.entries()) {
    const trials: MeasuredTrial[] = [];
    // The tools' CPU factor and why the cell kept one view are its first trial's.
    let firstTrial: TrialMeasures | undefined;
    const views = clientViewsOf(progress, bothWaysFromStart(plan), cell.workload.id, pair);
    for (let trial = 1; trial <= spec.trials; trial++) {
      if (signal?.aborted) throw new RunCancelledError();
      const { order, measured } = await measureCellTrial(plan, cell, trial, views, { progress, context, onEvent });
      const { measures, equalClients } = measured;
      if (trial === 1) firstTrial = measured;
      trials.push({ trial, order, measures, ...(equalClients ? { equalClients } : {}) });
    }
    results.push(
      cellResultOf({
        cell,
        placement: plan.placement,
        payload: plan.sizes[cellNumber]!,
        stacks,
        pair,
        trials,
        ...(plan.emulator ? { emulator: plan.emulator } : {}),
        toolsCpuFactor: firstTrial?.toolsCpuFactor ?? null,
        ...(firstTrial?.toolsAlone ? { toolsAlone: firstTrial.toolsAlone } : {}),
        ...(views.reason ? { equalClientsReason: views.reason } : {}),
        ...(plan.runToRun ? { runToRunNoise: noiseOfCell(plan.runToRun, plan, cell) } : {}),
      }),
    );
  }
  return results;
}

/** The run a cell's trial is part of: its progress (counted on as stack runs end), its context and its events. */
interface TrialRun {
  progress: RunProgress;
  context: EngineContext;
  onEvent: (e: RunEvent) => void;
}

/**
 * One trial of a cell: every stack of the run, in the order the run's rotation has reached,
 * interleaved (interleaved-trial.ts), each stack's run reported as the trial ends.
 */
async function measureCellTrial(
  plan: PlacementCellsPlan,
  cell: PlannedCell,
  trial: number,
  views: ClientViews,
  { progress, context, onEvent }: TrialRun,
): Promise<{ order: StackId[]; measured: TrialMeasures }> {
  const { spec, signal } = plan;
  const order = stackOrder(runStacks(spec), progress.pairIndex++);
  const refs = trialRefsOf(plan, cell, trial, order, progress);
  const plans: ProtocolRunPlan[] = order.map((stack) => ({
    stack,
    workload: cell.workload,
    cacheMode: cell.cacheMode,
    requests: plan.requestsByWorkload.get(cell.workload.id)!,
    spec,
    cell: refs.get(stack)!,
    ...(plan.loadTargets ? { loadTargets: plan.loadTargets } : {}),
    ...(plan.countWindowCapMs === undefined ? {} : { countWindowCapMs: plan.countWindowCapMs }),
    ...(signal ? { signal } : {}),
  }));
  const stopTicker = startTicker(progress, order.length, onEvent);
  let measured: TrialMeasures;
  try {
    measured = await measureInterleavedTrial(
      plans,
      context,
      {
        onStackStart: (started) =>
          onEvent({ type: "cell-start", cell: started.cell, warmupMs: spec.warmupMs, durationMs: spec.durationMs }),
      },
      onEvent,
      views,
    );
  } finally {
    stopTicker();
  }
  reportTrialEnd(order, refs, measured.measures, progress, onEvent);
  return { order, measured };
}

/** Each stack run's name in a trial's events, numbered in the trial's order from the run's next stack run. */
function trialRefsOf(
  plan: PlacementCellsPlan,
  cell: PlannedCell,
  trial: number,
  order: readonly StackId[],
  progress: RunProgress,
): Map<StackId, CellRef> {
  const { spec } = plan;
  // Events of a run of the default two (express and grpc-js alone) read as before; any other run names each stack.
  const namesStacks = runStacks(spec).some((stack) => !isDefaultStack(stack));
  const refOf = (stack: StackId, index: number): CellRef => ({
    workload: cell.workload.id,
    cacheMode: cell.resultCacheMode,
    trial,
    trials: spec.trials,
    protocol: protocolOf(stack),
    // Events of a run of the default two read as before.
    ...(namesStacks ? { stack } : {}),
    index,
    total: progress.total,
    placement: plan.placement,
    ...(plan.sweep ? { coords: plan.sweep.coords, ...(plan.sweep.refinement ? { refinement: true } : {}) } : {}),
  });
  const firstIndex = progress.index + 1;
  return new Map(order.map((stack, i) => [stack, refOf(stack, firstIndex + i)]));
}

/** A trial's stack runs counted and each one's figures reported, then the run's progress and what remains. */
function reportTrialEnd(
  order: readonly StackId[],
  refs: ReadonlyMap<StackId, CellRef>,
  measures: ReadonlyMap<StackId, ProtocolMeasure>,
  progress: RunProgress,
  onEvent: (e: RunEvent) => void,
): void {
  for (const stack of order) {
    const measure = measures.get(stack)!;
    progress.index++;
    onEvent({
      type: "cell-end",
      cell: refs.get(stack)!,
      rps: measure.rps,
      p50Ms: measure.latencyMs.p50,
      p99Ms: measure.latencyMs.p99,
      errors: measure.errors.total,
      client: measure.generator.tool,
    });
  }
  const elapsedMs = performance.now() - progress.measuringStarted;
  const { index, total } = progress;
  onEvent({
    type: "progress",
    fraction: Math.min(1, index / total),
    elapsedMs,
    remainingMs:
      index < 2 ? Math.max(0, progress.estimateMs - elapsedMs) : Math.max(0, (elapsedMs / index) * (total - index)),
  });
}

/** One cell's run-to-run spreads, by the names calibrate gives its comparisons. */
function noiseOfCell(spreads: LayeredRunToRun, plan: PlacementCellsPlan, cell: PlannedCell) {
  const cellName = comparisonCellName({
    workload: cell.workload.id,
    cacheMode: cell.resultCacheMode,
    placement: plan.placement,
    ...(plan.sweep ? { coords: plan.sweep.coords } : {}),
  });
  return (pair: string, metric: string) => spreads.noiseOf(cellName, pair, metric);
}

/** Why every cell of a run is measured both ways from its first trial, or null when the warm-ups decide. */
const bothWaysFromStart = (plan: { sweep?: unknown; spec: { clients: string } }): "sweep" | "asked" | null =>
  plan.sweep !== undefined ? "sweep" : plan.spec.clients === "both" ? "asked" : null;

/**
 * The run's client views, one per workload (interleaved-trial.ts ClientViews),
 * kept by the run's progress object, the one thing every call of measurePlacementCells in a run
 * shares. Shared across placements and sweep points because their cells are compared with one
 * another (placement verdicts, a sweep's map and crossovers, warm against cold): a workload
 * measured both ways in one cache mode or at one placement is measured both ways in all. A sweep measures every cell both ways from the
 * start: its first points (small replies) would decide against it, and its map would then change
 * colour where the tools' CPU does, not where the protocols' figures do. So does a run that asks
 * for both (`clients: both`): where the tools' CPU per call is near the factor, the warm-ups
 * decide differently from one run to the next, and the verdict would rest on one client in one run
 * and on the tools in the next.
 */
const clientViewsOfRun = new WeakMap<RunProgress, Map<string, ClientViews>>();

export function clientViewsOf(
  progress: RunProgress,
  fromStart: "sweep" | "asked" | null,
  key: string,
  pair: ClientViews["pair"],
): ClientViews {
  let views = clientViewsOfRun.get(progress);
  if (!views) {
    views = new Map<string, ClientViews>();
    clientViewsOfRun.set(progress, views);
  }
  let found = views.get(key);
  if (!found) {
    found = { pair: { rest: pair.rest, grpc: pair.grpc }, equal: fromStart ? true : null, reason: fromStart };
    views.set(key, found);
  }
  return found;
}

/** Progress within a trial's `runs` stack runs too, so a long trial does not look stuck. */
function startTicker(progress: RunProgress, runs: number, onEvent: (e: RunEvent) => void): () => void {
  const trialStarted = performance.now();
  const startIndex = progress.index;
  const expectedTrialMs = (progress.estimateMs / progress.total) * runs;
  const ticker = setInterval(() => {
    const withinTrial = Math.min(0.99, (performance.now() - trialStarted) / expectedTrialMs);
    const elapsedMs = performance.now() - progress.measuringStarted;
    const fraction = Math.min(1, (startIndex + withinTrial * runs) / progress.total);
    onEvent({
      type: "progress",
      fraction,
      elapsedMs,
      remainingMs: Math.max(0, (elapsedMs / fraction) * (1 - fraction)),
    });
  }, 1_000);
  return () => clearInterval(ticker);
}
