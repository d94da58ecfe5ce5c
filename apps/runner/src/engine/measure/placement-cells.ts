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
import type { StackPair } from "@relix/core/stacks/stack-pair";
import { cellResultOf, type MeasuredTrial } from "../assemble/cell-result";
import type { EngineContext } from "../engine-context";
import { lightLoadMeasured } from "@relix/core/spec/light-load";
import { measureInterleavedTrial, type ClientViews, type TrialMeasures } from "./interleaved-trial";
import { measureLightLoad } from "./light-load-pass";
import type { ProtocolRunPlan } from "./measure-protocol";
import type { PayloadSizes } from "../launch/preflight";
import type { TrialLaunches } from "../launch/trial-launch-contract";
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
  /** Where the rotating stack order has reached over the run (placement-cells.ts sideRotation). */
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
  /** The launches of the servers the trials run on (launch/trial-launches.ts); absent: the trials share what runs, untracked. */
  launches?: TrialLaunches;
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
 * Every cell's trials under one placement, trial-major: trial t of every cell runs on a launch of
 * the servers that serves trial t alone (launch/trial-launches.ts), so a run of T trials makes T
 * launches here, not T for each cell. In each trial every stack of the run, interleaved in slices
 * (interleaved-trial.ts). The results are in the cells' order.
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
  const views = clientViewsOf(plan, pair);
  const trialsOfCells = plan.cells.map((): MeasuredTrial[] => []);
  // The tools' CPU factor and why a cell kept one view are its first trial's.
  const firstTrials: TrialMeasures[] = [];
  const rotation = progress.pairIndex;
  for (let trial = 1; trial <= spec.trials; trial++) {
    if (signal?.aborted) throw new RunCancelledError();
    const launch = await launchOfTrial(plan, trial, stacks, pair);
    for (const [cellNumber, cell] of plan.cells.entries()) {
      if (signal?.aborted) throw new RunCancelledError();
      progress.pairIndex = sideRotation(rotation, trial, cellNumber);
      const { order, measured } = await measureCellTrial(plan, cell, trial, views, { progress, context, onEvent });
      const { measures, equalClients, light } = measured;
      if (trial === 1) firstTrials[cellNumber] = measured;
      trialsOfCells[cellNumber]!.push({
        trial,
        ...(launch === undefined ? {} : { launch }),
        order,
        measures,
        ...(equalClients ? { equalClients } : {}),
        ...(light ? { light } : {}),
      });
    }
  }
  // The next placement or sweep point goes on rotating from where these trials left it.
  progress.pairIndex = rotation + spec.trials;
  const trialsAreLaunches = plan.launches?.perTrial ?? false;
  return plan.cells.map((cell, cellNumber) => {
    const firstTrial = firstTrials[cellNumber];
    return cellResultOf({
      cell,
      spec,
      placement: plan.placement,
      payload: plan.sizes[cellNumber]!,
      stacks,
      pair,
      trials: trialsOfCells[cellNumber]!,
      trialsAreLaunches,
      ...(plan.emulator ? { emulator: plan.emulator } : {}),
      toolsCpuFactor: firstTrial?.toolsCpuFactor ?? null,
      ...(firstTrial?.toolsAlone ? { toolsAlone: firstTrial.toolsAlone } : {}),
      ...(views.reason ? { equalClientsReason: views.reason } : {}),
      ...(plan.runToRun ? { runToRunNoise: noiseOfCell(plan.runToRun, plan, cell) } : {}),
    });
  });
}

/**
 * The rotation a cell's trial starts its stack order from (plan/run-plan.ts stackOrder): one step
 * on per launch, so each cell's sides take turns going first from launch to launch, and one step
 * on per cell, so within a launch the cells do not all start with the same side. With two sides
 * that alternates them; with more it is a cyclic order, in which over n launches each side runs
 * first once and in every position once, though not after every other side equally often (a
 * Williams design would balance that too). That is balanced enough here: going first, where a
 * side meets the machine as the restart or the previous cell left it, comes round to every side
 * equally, and within a trial the slices' order reverses every round (interleaved-trial.ts), so a
 * drift within the trial falls on the first and the last of the order alike.
 */
const sideRotation = (start: number, trial: number, cellNumber: number) => start + (trial - 1) + cellNumber;

/** The launch trial `trial` runs on (started now when it needs one); undefined when the run does not track launches. */
async function launchOfTrial(
  plan: PlacementCellsPlan,
  trial: number,
  stacks: readonly StackId[],
  pair: StackPair,
): Promise<number | undefined> {
  if (!plan.launches) return undefined;
  const { spec, cells, requestsByWorkload, placement } = plan;
  return plan.launches.launchFor(trial, {
    spec,
    stacks,
    pair,
    cells,
    requestsByWorkload,
    placement,
    ...(plan.sweep ? { coords: plan.sweep.coords } : {}),
  });
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
    // The latency question's pass belongs to the trial: the progress ticks on through it.
    if (lightLoadMeasured(spec, cell.workload.id)) {
      measured = { ...measured, light: await measureLightLoad(plans, views, measured, context, onEvent) };
    }
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

/**
 * The run's client views (interleaved-trial.ts ClientViews), from its spec alone, before anything
 * is measured: a sweep measures every cell both ways (its map must change colour where the
 * protocols' figures do, not where one client's do), and so does a run that asks for both
 * (`clients: both`). Every cell of a run then rests on the same client, whatever it measures.
 */
export function clientViewsOf(
  plan: { sweep?: unknown; spec: { clients: string } },
  pair: ClientViews["pair"],
): ClientViews {
  const reason = plan.sweep !== undefined ? "sweep" : plan.spec.clients === "both" ? "asked" : null;
  return { pair: { rest: pair.rest, grpc: pair.grpc }, equal: reason !== null, reason };
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
