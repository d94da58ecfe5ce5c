import {
  clientStepSentence,
  layerSentence,
  toolsBesideSentence,
  layerSteps,
  type CellResult,
  type ComparedMetric,
  type EqualClientsReason,
  type PlacementName,
  type ProtocolMeasure,
  type StackId,
  type LayerSentenceInput,
  type ToolsAlone,
  type RunSpec,
  type LightLoad,
  specForWorkload,
} from "@relix/core";
import { cellQuestionsOf } from "./questions";
import { emulatorPrecisionMs } from "@relix/core/network/emulator-precision";
import { HEADLINE_PAIR_NAME, type RunToRunNoise } from "@relix/core/stats/run-to-run-book";
import { isDefaultPair, runPairOf, runtimePairsOf, type StackPair } from "@relix/core/stacks/stack-pair";
import {
  compareClients,
  compareStacks,
  compareTrials,
  headlineVerdict,
  summariseProtocol,
  type CompareOptions,
} from "./aggregate";
import type { PayloadSizes } from "../launch/preflight";
import type { PlannedCell } from "../plan/run-plan";
import { protocolOf } from "../plan/stack-table";

/** One trial of a cell: every stack's measure, and the order they ran in. */
export interface MeasuredTrial {
  trial: number;
  /** The launch of the servers it ran on (the result's `launches`); absent where the run does not track them. */
  launch?: number;
  order: readonly StackId[];
  measures: ReadonlyMap<StackId, ProtocolMeasure>;
  /** The pair measured again with one client for both (interleaved-trial.ts ClientViews), when the run asked for both. */
  equalClients?: ReadonlyMap<StackId, ProtocolMeasure>;
  /** The pair again at one call in flight by the headline's client (measure/light-load-pass.ts), where measured. */
  light?: ReadonlyMap<StackId, ProtocolMeasure>;
}

export interface MeasuredCell {
  cell: PlannedCell;
  /** The run's spec: the cell's own load (after its workload's, if any) and the equivalence margin. */
  spec: RunSpec;
  placement: PlacementName;
  payload: PayloadSizes;
  /** The run's stacks, its pair among them. */
  stacks: readonly StackId[];
  /** The run's headline pair (the spec's `pair`); absent: the default for its stacks (runPairOf). */
  pair?: StackPair;
  trials: readonly MeasuredTrial[];
  /** The network emulator the placement went through (its record's `emulator`); absent: Toxiproxy's precision. */
  emulator?: string;
  /** The tools' CPU per call, heavier over lighter, in the cell's first trial's warm-ups; null when not measured. */
  toolsCpuFactor?: number | null;
  /** Why a run that could add one client for both did not, from the cell's first trial. */
  toolsAlone?: Omit<ToolsAlone, "cpuFactor">;
  /** Why the pair was also measured with one client for both (interleaved-trial.ts ClientViews). */
  equalClientsReason?: EqualClientsReason;
  /**
   * The run-to-run spread of one of the cell's comparisons ("REST vs gRPC", "express vs spring") at
   * a metric, with its source (presets/calibrations/reference-run-to-run.ts); undefined where there is none.
   */
  runToRunNoise?: (pair: string, metric: ComparedMetric) => RunToRunNoise | undefined;
  /**
   * Each trial ran on a launch of the servers of its own (launch/trial-launches.ts), so the trials
   * are the replicates a per-launch interval rests on; false when they shared one launch.
   */
  trialsAreLaunches: boolean;
}

type PairTrial = { rest: ProtocolMeasure; grpc: ProtocolMeasure };

/**
 * The headline of a cell measured by the tools and by equal clients: the equal clients' figures
 * and comparisons, the tools' beside them, and each side's client step. Null unless every trial
 * measured the pair both ways.
 */
function withEqualClients(
  measured: MeasuredCell,
  pair: StackPair,
  toolsTrials: readonly PairTrial[],
  options: CompareOptions,
  headlineOptions: CompareOptions,
):
  | (Pick<CellResult, "rest" | "grpc" | "comparisons" | "verdict" | "toolClients" | "clientSteps"> & {
      equalTrials: PairTrial[];
    })
  | null {
  const equalTrials = measured.trials.map((t) => ({
    rest: t.equalClients?.get(pair.rest),
    grpc: t.equalClients?.get(pair.grpc),
  }));
  if (equalTrials.length === 0 || equalTrials.some((t) => !t.rest || !t.grpc)) return null;
  const equal = equalTrials as PairTrial[];
  const comparisons = compareTrials(equal, headlineOptions);
  const toolsComparisons = compareTrials([...toolsTrials], options);
  const toolsGap = toolsComparisons.find((c) => c.metric === "p50")?.ci ?? null;
  const workload = measured.cell.workload.id;
  const firstRequestOnly = equal.some((t) => [t.rest, t.grpc].some((m) => m.client?.requestsSent === "first-request"));
  const clientSteps = (["rest", "grpc"] as const).map((side) => {
    const from = { tool: toolsTrials[0]![side].generator.tool, trials: toolsTrials.map((t) => t[side]) };
    const to = { tool: equal[0]![side].generator.tool, trials: equal.map((t) => t[side]) };
    const stepComparisons = compareClients(from, to, options);
    const p50 = stepComparisons.find((c) => c.metric === "p50");
    const sentence = p50
      ? clientStepSentence({
          workload,
          side,
          stack: pair[side],
          from: from.tool,
          to: to.tool,
          step: p50.ci,
          toolsGap,
          firstRequestOnly,
        })
      : {
          text: `on ${workload}, ${from.tool} -> ${to.tool} on ${pair[side]}: ${headlineVerdict(stepComparisons)}`,
          gapShare: null,
        };
    return { side, stack: pair[side], from: from.tool, to: to.tool, comparisons: stepComparisons, ...sentence };
  });
  const toolsRest = summariseProtocol(toolsTrials.map((t) => t.rest));
  const toolsGrpc = summariseProtocol(toolsTrials.map((t) => t.grpc));
  const shareOf = (side: "rest" | "grpc") => clientSteps.find((step) => step.side === side)?.gapShare ?? null;
  const verdict = toolsBesideSentence({
    equalVerdict: headlineVerdict(comparisons),
    equalClient: equal[0]!.rest.generator.tool,
    tools: { rest: toolsRest.generator.tool, grpc: toolsGrpc.generator.tool },
    toolsGap,
    toolsCpuMs: {
      rest: toolsRest.generator.cpuMsPerRequest ?? null,
      grpc: toolsGrpc.generator.cpuMsPerRequest ?? null,
    },
    shares: { rest: shareOf("rest"), grpc: shareOf("grpc") },
    firstRequestOnly,
  });
  return {
    equalTrials: equal,
    rest: summariseProtocol(equal.map((t) => t.rest)),
    grpc: summariseProtocol(equal.map((t) => t.grpc)),
    comparisons,
    verdict,
    toolClients: {
      trials: toolsTrials.map((t) => ({ rest: t.rest, grpc: t.grpc })),
      rest: toolsRest,
      grpc: toolsGrpc,
      comparisons: toolsComparisons,
      verdict: headlineVerdict(toolsComparisons),
      cpuFactor: measured.toolsCpuFactor ?? null,
      reason: measured.equalClientsReason ?? "unequal-tools",
    },
    clientSteps,
  };
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
  const extras = measured.stacks.filter((stack) => !inPair(stack));
  const cellTrials: CellResult["trials"] = trials.map((t) => ({
    trial: t.trial,
    ...(t.launch === undefined ? {} : { launch: t.launch }),
    order: t.order.filter(inPair).map(protocolOf),
    ...(extras.length > 0 ? { stackOrder: [...t.order] } : {}),
    rest: t.measures.get(pair.rest)!,
    grpc: t.measures.get(pair.grpc)!,
  }));
  const compare = compareOptionsOf(measured);
  const headlineOptions = compare.calibrated(HEADLINE_PAIR_NAME);
  const equalView = withEqualClients(measured, pair, cellTrials, compare.options, headlineOptions);
  // With both views, the cell's trials and headline are the equal clients'; the tools' sit beside.
  const headlineTrials: CellResult["trials"] = equalView
    ? cellTrials.map((t, i) => ({ ...t, rest: equalView.equalTrials[i]!.rest, grpc: equalView.equalTrials[i]!.grpc }))
    : cellTrials;
  const comparisons = equalView ? equalView.comparisons : compareTrials(cellTrials, headlineOptions);
  // Calibrate's spreads are its comparisons' at the cell's own load: none is the light load's.
  const lightLoad = lightLoadOf(measured, pair, compare.options);
  const { questions, comparisons: ownLoadComparisons } = cellQuestionsOf({
    spec: specForWorkload(measured.spec, cell.workload.id),
    rest: equalView ? equalView.rest : summariseProtocol(stackTrials(measured, pair.rest)),
    grpc: equalView ? equalView.grpc : summariseProtocol(stackTrials(measured, pair.grpc)),
    comparisons,
    ...(lightLoad ? { lightLoad } : {}),
  });
  const result: CellResult = {
    workload: cell.workload.id,
    label: cell.workload.label,
    study: cell.workload.study,
    cacheMode: cell.resultCacheMode,
    placement: measured.placement,
    ...(isDefaultPair(pair) ? {} : { pair: { rest: pair.rest, grpc: pair.grpc } }),
    payload: { rest: measured.payload.rest, grpc: measured.payload.grpc },
    trials: headlineTrials,
    rest: equalView ? equalView.rest : summariseProtocol(stackTrials(measured, pair.rest)),
    grpc: equalView ? equalView.grpc : summariseProtocol(stackTrials(measured, pair.grpc)),
    comparisons: ownLoadComparisons,
    // The headline: latency and capacity per core, each a defined question (questions.ts).
    verdict: questions.text,
    ...(equalView ? { toolClients: equalView.toolClients, clientSteps: equalView.clientSteps } : {}),
    ...(!equalView && measured.toolsAlone
      ? { toolsAlone: { cpuFactor: measured.toolsCpuFactor ?? null, ...measured.toolsAlone } }
      : {}),
    ...(lightLoad ? { lightLoad } : {}),
    questions,
  };
  if (extras.length === 0) return result;
  const gap =
    (equalView ? equalView.toolClients?.comparisons : comparisons)?.find((c) => c.metric === "p50")?.ci ?? null;
  return { ...result, ...otherStacksOf(measured, pair, extras, compare, gap) };
}

/** The pair at one call in flight in every trial, its summaries and comparisons; undefined unless every trial has it. */
function lightLoadOf(measured: MeasuredCell, pair: StackPair, options: CompareOptions): LightLoad | undefined {
  const trials = measured.trials.map((t) => ({
    trial: t.trial,
    rest: t.light?.get(pair.rest),
    grpc: t.light?.get(pair.grpc),
  }));
  if (trials.length === 0 || trials.some((t) => !t.rest || !t.grpc)) return undefined;
  const complete = trials as Array<{ trial: number; rest: ProtocolMeasure; grpc: ProtocolMeasure }>;
  return {
    inFlight: complete[0]!.rest.connections.inFlight,
    trials: complete,
    rest: summariseProtocol(complete.map((t) => t.rest)),
    grpc: summariseProtocol(complete.map((t) => t.grpc)),
    // The latency question's pass: one call in flight leaves a server mostly idle, so its calls
    // per core are no capacity, and only latency and throughput are compared.
    comparisons: compareTrials(complete, options).filter((c) => c.metric !== "capacity"),
  };
}

/** One stack's measure in each of the cell's trials. */
const stackTrials = (measured: MeasuredCell, stack: StackId) => measured.trials.map((t) => t.measures.get(stack)!);

/** How the cell's comparisons are made: `options` for every one, `calibrated` for those with a run-to-run spread. */
interface CellCompareOptions {
  options: CompareOptions;
  calibrated: (pairName: string) => CompareOptions;
}

function compareOptionsOf(measured: MeasuredCell): CellCompareOptions {
  // Through an emulator, a difference it could make by itself names no winner.
  const options: CompareOptions = {
    ...(measured.placement === "loopback"
      ? {}
      : { emulatorPrecisionMs: emulatorPrecisionMs(measured.emulator ?? "toxiproxy") }),
    ...(measured.spec.margin === undefined ? {} : { margin: measured.spec.margin }),
    // Trials that each started the servers afresh are the replicates of a two-level interval.
    ...(measured.trialsAreLaunches ? { trialsAreLaunches: true } : {}),
  };
  // Only the comparisons calibrate names carry a run-to-run spread: the headline pair's and each stack pair's.
  const calibrated = (pairName: string): CompareOptions => {
    const noiseOf = measured.runToRunNoise;
    return noiseOf ? { ...options, runToRunNoise: (metric) => noiseOf(pairName, metric) } : options;
  };
  return { options, calibrated };
}

/**
 * The stacks beyond the pair (`extras`): each one's figures, its comparisons against both of the
 * pair, each other runtime's REST against its gRPC, and the layer walk, each step's share of the
 * pair's p50 `gap`.
 */
function otherStacksOf(
  measured: MeasuredCell,
  pair: StackPair,
  extras: readonly StackId[],
  { options, calibrated }: CellCompareOptions,
  gap: LayerSentenceInput["gap"],
): Pick<CellResult, "stacks" | "stackComparisons" | "layers"> {
  const workload = measured.cell.workload.id;
  // Every stack beyond the pair is measured by its tool: its comparisons and the layer walk are the tools'.
  const side = (stack: StackId) => ({ stack, trials: stackTrials(measured, stack) });
  const stackPair = (from: StackId, to: StackId) => compareStacks(side(from), side(to), calibrated(`${from} vs ${to}`));
  const layers = layerSteps
    .filter((step) => measured.stacks.includes(step.from) && measured.stacks.includes(step.to))
    .map((step) => {
      const compared = compareStacks(side(step.from), side(step.to), options);
      const p50 = compared.comparisons.find((c) => c.metric === "p50");
      const text = p50
        ? layerSentence({ workload, layer: step.layer, from: step.from, to: step.to, step: p50.ci, gap, pair })
        : `on ${workload}, ${step.from} -> ${step.to}: ${compared.verdict}`;
      return { layer: step.layer, ...compared, text };
    });
  return {
    stacks: extras.map((stack) => ({
      stack,
      payload: measured.payload.stacks[stack] ?? { requestBodyBytes: 0, responseBodyBytes: 0 },
      trials: stackTrials(measured, stack),
      summary: summariseProtocol(stackTrials(measured, stack)),
    })),
    stackComparisons: [
      ...extras.flatMap((stack) => [stackPair(pair.rest, stack), stackPair(pair.grpc, stack)]),
      // Each other runtime's REST against its gRPC, where neither is in the pair (those are above).
      ...runtimePairsOf(measured.stacks)
        .filter((other) => extras.includes(other.rest) && extras.includes(other.grpc))
        .map((other) => stackPair(other.rest, other.grpc)),
    ],
    layers,
  };
}
