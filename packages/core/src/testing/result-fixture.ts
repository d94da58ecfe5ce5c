// The one builder of fabricated but schema-valid results, for every package's tests (core's
// renderers, the runner's store, service and CLI, the web's report): small inputs (a spec, a p50,
// an rps) grow into a whole relix.result/v1 document. Comparisons and verdicts are computed by the
// real stats code and histograms hold the summary's own distribution, so a test never asserts
// against a figure the engine could not have produced.
import { findWorkload, getWorkload } from "../catalog/catalog";
import type { CacheMode } from "../calls/cache-mode";
import {
  RESULT_SCHEMA_ID,
  runResultSchema,
  type CellQuestions,
  type CellResult,
  type Comparison,
  type LightLoad,
  type Protocol,
  type ProtocolMeasure,
  type ProtocolSummary,
  type PublishedFigure,
  type RunResult,
} from "../result/result-schema";
import { placementName, type EmulatorOverhead, type PlacementName } from "../network/placements";
import { DEFAULT_EMULATOR_OVERHEAD, placementRecordsOf, type PlacementInput } from "./placement-fixture";
import { runSpecSchema, type RunSpec, type RunSpecInput } from "../spec/run-spec";
import { LIGHT_LOAD_IN_FLIGHT, lightLoadMeasured } from "../spec/light-load";
import { specForWorkload } from "../spec/workload-load";
import { bothSaturated, capacityOf } from "../stats/capacity";
import { DEFAULT_MARGIN } from "../stats/equivalence-margin";
import { createLatencyHistogram } from "../stats/latency-histogram";
import type { LatencySummary } from "../stats/latency-summary";
import { callsPerCoreSecond, COMPARED_METRICS, speedupCI } from "../stats/speedup";
import { structuredVerdictFor } from "../render/verdicts/verdict-text";
import { questionsSentence, unsaturatedCapacity } from "../render/verdicts/questions-text";
import { DEFAULT_STACKS, stackIds, type StackId } from "../stacks/stacks";
import {
  DEFAULT_SPLITS,
  DEFAULT_STACK_FIGURES,
  layersOf,
  stackComparisonsOf,
  toolOf,
  type SplitInput,
} from "./stack-fixture";

/** One protocol's figures in a cell (latencies in ms); every other figure follows from these. */
export interface SideInput {
  p50?: number;
  p99?: number;
  mean?: number;
  rps?: number;
  errors?: Record<string, number>;
  requestBodyBytes?: number;
  responseBodyBytes?: number;
  saturated?: boolean;
  /** Default: 1 for a warm cell of a cached workload, 0 for its other modes, null without a cache. */
  cacheHitRatio?: number | null;
  /** The load generator's own CPU per request, ms; absent by default, as in results written before it was recorded. */
  generatorCpuMsPerRequest?: number;
  /** "window": that CPU was read over the measured window alone; absent by default (whole run). */
  generatorCpuSpan?: "window";
  /**
   * The server time split; default: the stack's typical split when the spec names stacks beyond
   * the default two, else absent (as in results written before). null: the server did not report it.
   */
  split?: SplitInput | null;
  /** Mean server time per request, ms; default: the split's sum, else 0.05. */
  serverTimeMs?: number;
  /**
   * The server's CPU ms per 1,000 calls, spread over trials like the other figures; default 120.5
   * in every trial. Capacity per core is 1,000,000 over it.
   */
  serverCpuMsPer1000?: number;
}

export type { SplitInput };

export interface CellInput {
  /** Default item.get. */
  workload?: string;
  /** Default warm for a cached workload, none otherwise. */
  cacheMode?: CellResult["cacheMode"];
  /** Default: the spec's trials, else 3. */
  trials?: number;
  rest?: SideInput;
  grpc?: SideInput;
  published?: PublishedFigure[];
  /** The placement it was measured under; default: none (an older, loopback-only result) unless the spec lists a network. */
  placement?: PlacementName;
  /** Figures of the spec's stacks beyond express and grpc-js (`rest` and `grpc` are those two). */
  stacks?: Partial<Record<StackId, SideInput>>;
  /** The cell's two headline questions, as a run that asks them records them; default: the run's `questions`. */
  questions?: QuestionsInput;
}

/**
 * A cell that answers the two headline questions (latency and capacity per core), as results
 * written since they were asked do: its comparisons read against the default margin, and where its
 * own load kept more than one call in flight in a closed loop, the pair measured again at one.
 */
export interface QuestionsInput {
  /** Each side at one call in flight; default: REST answers sooner (0.18 against 0.29 ms at p50). */
  lightLoad?: { rest?: SideInput; grpc?: SideInput };
}

export type { PlacementInput };

export interface RunResultInput {
  /** Spec fields. Without `cells`, a spec that names workloads gets one cell per workload x cache mode. */
  spec?: Partial<RunSpecInput>;
  /** Default: from the spec's workloads, else one item.get warm cell. */
  cells?: CellInput[];
  /** Figures every cell starts from; a cell's own `rest` / `grpc` win. */
  rest?: SideInput;
  grpc?: SideInput;
  /** Figures every cell starts from for the spec's other stacks (spec.stacks); a cell's own win. */
  stacks?: Partial<Record<StackId, SideInput>>;
  /** Default r_fixture0001. */
  id?: string;
  /** ISO time; the run finishes a minute later. */
  createdAt?: string;
  origin?: "external" | "ephemeral" | "embedded";
  warnings?: string[];
  /**
   * How each placement of `spec.network` fared (the others are measured as targeted). The result
   * gets `placements` and placed cells whenever the spec lists a placement other than loopback or
   * this is given.
   */
  placements?: PlacementInput[];
  /** The emulator's cost on noop; `true` for a typical Toxiproxy one. */
  emulatorOverhead?: EmulatorOverhead | true;
  /**
   * The one client program that drove every side, as a run with `clients` equal (or the headline
   * of a "both" run) records: "h2load". Default: each stack's own tool (autocannon, ghz).
   */
  oneClient?: string;
  /** Every cell answers the two headline questions (a cell's own `questions` wins); absent: a result written before. */
  questions?: QuestionsInput;
}

type Side = Required<
  Omit<
    SideInput,
    | "errors"
    | "saturated"
    | "cacheHitRatio"
    | "generatorCpuMsPerRequest"
    | "generatorCpuSpan"
    | "split"
    | "serverTimeMs"
    | "serverCpuMsPer1000"
  >
> &
  SideInput;

const DEFAULT_REST: Side = { p50: 0.8, p99: 2.4, mean: 0.9, rps: 9000, requestBodyBytes: 0, responseBodyBytes: 112 };
const DEFAULT_GRPC: Side = { p50: 0.5, p99: 1.6, mean: 0.6, rps: 14000, requestBodyBytes: 5, responseBodyBytes: 83 };

/** Per-trial spread so that 3 trials give a real (non-degenerate) interval. */
const SPREAD = [1, 0.97, 1.03, 0.99, 1.01];

const ms3 = (x: number) => Math.round(x * 1000) / 1000;

const histograms = new Map<string, string>();

/** An encoded histogram whose percentiles are the summary's: samples spread along its quantiles. */
function histogramOf(latency: LatencySummary): string {
  const points: Array<[number, number]> = [
    [0, latency.min],
    [0.5, latency.p50],
    [0.9, latency.p90],
    [0.95, latency.p95],
    [0.99, latency.p99],
    [0.999, latency.p999],
    [1, latency.max],
  ];
  const key = points.map(([, ms]) => ms).join(",");
  let encoded = histograms.get(key);
  if (encoded === undefined) {
    const histogram = createLatencyHistogram();
    for (let i = 0; i < 1000; i++) {
      const q = (i + 0.5) / 1000;
      const upper = points.findIndex(([at]) => at >= q);
      const [q0, v0] = points[upper - 1]!;
      const [q1, v1] = points[upper]!;
      histogram.record((v0 + ((q - q0) / (q1 - q0)) * (v1 - v0)) * 1000);
    }
    encoded = histogram.encode();
    histograms.set(key, encoded);
  }
  return encoded;
}

interface MeasureContext {
  windowSeconds: number;
  cacheHitRatio: number | null;
  inFlight: number;
  grpcConnections: number;
  /** The spec names stacks beyond the default two: every measure then carries a split. */
  withStacks: boolean;
  /** One client program for every side (RunResultInput.oneClient); absent: each stack's own tool. */
  oneClient?: string;
}

function splitOf(stack: StackId, side: Side, withStacks: boolean): SplitInput | null | undefined {
  if (side.split !== undefined) return side.split;
  return withStacks ? DEFAULT_SPLITS[stack] : undefined;
}

function measure(
  protocol: Protocol,
  side: Side,
  factor: number,
  context: MeasureContext,
  stack: StackId = protocol === "rest" ? "express" : "grpc-js",
): ProtocolMeasure {
  const split = splitOf(stack, side, context.withStacks);
  const splitSum = split ? ms3(split.serviceMs + split.codecMs + split.restMs) : undefined;
  const errors = side.errors ?? {};
  const errorTotal = Object.values(errors).reduce((a, b) => a + b, 0);
  const rps = ms3(side.rps * factor);
  const perSecond = Math.round(rps);
  const requests = perSecond * context.windowSeconds;
  const latencyMs: LatencySummary = {
    count: requests,
    p50: ms3(side.p50 * factor),
    p90: ms3(side.p50 * 1.5 * factor),
    p95: ms3(side.p50 * 2 * factor),
    p99: ms3(side.p99 * factor),
    p999: ms3(side.p99 * 1.5 * factor),
    max: ms3(side.p99 * 3 * factor),
    min: ms3(side.p50 * 0.3 * factor),
    mean: ms3(side.mean * factor),
    stddev: ms3(side.mean * 0.2),
  };
  return {
    protocol,
    ...(DEFAULT_STACKS.includes(stack) ? {} : { stack }),
    rps,
    requests,
    errors: { total: errorTotal, byCode: errors },
    latencyMs,
    histogram: histogramOf(latencyMs),
    timeline: Array.from({ length: context.windowSeconds }, (_, second) => ({
      second,
      requests: perSecond,
      errors: second === 0 ? errorTotal : 0,
      p50Ms: latencyMs.p50,
      p99Ms: latencyMs.p99,
    })),
    connections:
      protocol === "rest"
        ? { tcp: context.inFlight, inFlight: context.inFlight }
        : { tcp: context.grpcConnections, inFlight: context.inFlight },
    server: {
      cpuMsPer1000: side.serverCpuMsPer1000 === undefined ? 120.5 : ms3(side.serverCpuMsPer1000 * factor),
      peakRssBytes: 90_000_000,
      serverTimeMsMean: side.serverTimeMs ?? splitSum ?? 0.05,
      cacheHitRatio: side.cacheHitRatio === undefined ? context.cacheHitRatio : side.cacheHitRatio,
      wireBytesPerRequest: { received: 120 + side.requestBodyBytes, sent: 260 + side.responseBodyBytes },
      ...(split === undefined ? {} : { split }),
    },
    generator: {
      tool: context.oneClient ?? toolOf(stack),
      cpuFraction: side.saturated ? 0.97 : 0.4,
      saturated: side.saturated ?? false,
      ...(side.generatorCpuMsPerRequest === undefined ? {} : { cpuMsPerRequest: side.generatorCpuMsPerRequest }),
      ...(side.generatorCpuSpan === undefined ? {} : { cpuSpan: side.generatorCpuSpan }),
    },
    notes: [],
  };
}

/** `margin`: the equivalence margin the verdict reads against; absent, as in results written before margins. */
function comparison(
  metric: Comparison["metric"],
  rest: ProtocolMeasure[],
  grpc: ProtocolMeasure[],
  margin?: number,
): Comparison {
  const pick = (m: ProtocolMeasure) =>
    metric === "rps" ? m.rps : metric === "capacity" ? callsPerCoreSecond(m.server.cpuMsPer1000) : m.latencyMs[metric];
  const interval = speedupCI(metric, rest.map(pick), grpc.map(pick), { iterations: 500 });
  const ci = margin === undefined ? interval : { ...interval, margin };
  const verdict = structuredVerdictFor({ metric, ci });
  return { metric, ci, winner: verdict.winner, text: verdict.text };
}

const LIGHT_REST: SideInput = { p50: 0.18, p99: 0.45, mean: 0.2, rps: 5200 };
const LIGHT_GRPC: SideInput = { p50: 0.29, p99: 0.62, mean: 0.31, rps: 3300 };

interface QuestionsContext {
  input: QuestionsInput;
  spec: RunSpec;
  workload: string;
  context: MeasureContext;
  restSide: Side;
  grpcSide: Side;
  trialCount: number;
  summaries: { rest: ProtocolSummary; grpc: ProtocolSummary };
  comparisons: Comparison[];
}

/** The pair again at one call in flight, in as many trials as the cell's own load. */
function lightLoadOf(q: QuestionsContext): LightLoad {
  const context = { ...q.context, inFlight: LIGHT_LOAD_IN_FLIGHT, grpcConnections: LIGHT_LOAD_IN_FLIGHT };
  const rest: Side = { ...q.restSide, ...LIGHT_REST, ...q.input.lightLoad?.rest };
  const grpc: Side = { ...q.grpcSide, ...LIGHT_GRPC, ...q.input.lightLoad?.grpc };
  const trials = Array.from({ length: q.trialCount }, (_, i) => ({
    trial: i + 1,
    rest: measure("rest", rest, SPREAD[i % SPREAD.length]!, context),
    grpc: measure("grpc", grpc, SPREAD[i % SPREAD.length]!, context),
  }));
  const comparisons = COMPARED_METRICS.map((metric) =>
    comparison(
      metric,
      trials.map((t) => t.rest),
      trials.map((t) => t.grpc),
      DEFAULT_MARGIN,
    ),
  );
  return {
    inFlight: LIGHT_LOAD_IN_FLIGHT,
    trials,
    rest: summaryOf("rest", rest, context),
    grpc: summaryOf("grpc", grpc, context),
    comparisons,
  };
}

/** The cell's two answers, as the runner assembles them: latency where the server was not queueing, capacity at its own load. */
function questionsOf(q: QuestionsContext): { lightLoad?: LightLoad; questions: CellQuestions } {
  const own = specForWorkload(q.spec, q.workload);
  const lightLoad = lightLoadMeasured(q.spec, q.workload) ? lightLoadOf(q) : undefined;
  const load: CellQuestions["latency"]["load"] =
    lightLoad || (own.rate === undefined && own.connections <= LIGHT_LOAD_IN_FLIGHT)
      ? "one-in-flight"
      : own.rate !== undefined
        ? "open-loop"
        : "under-saturation";
  const latencyFrom = lightLoad?.comparisons ?? q.comparisons;
  const p50 = latencyFrom.find((c) => c.metric === "p50");
  const p99 = latencyFrom.find((c) => c.metric === "p99");
  const rest = capacityOf(q.summaries.rest);
  const grpc = capacityOf(q.summaries.grpc);
  const saturated = bothSaturated(rest, grpc);
  // As the runner does: servers that were not saturated name no capacity winner.
  const measured = q.comparisons.find((c) => c.metric === "capacity");
  const capacity = measured && !saturated ? unsaturatedCapacity(measured, { rest, grpc }) : measured;
  const asked = {
    latency: { load, ...(p50 ? { p50 } : {}), ...(p99 ? { p99 } : {}) },
    capacity: { rest, grpc, saturated, ...(capacity ? { comparison: capacity } : {}) },
  };
  return {
    ...(lightLoad ? { lightLoad } : {}),
    questions: { ...asked, text: questionsSentence(asked, `at ${own.connections} in flight`) },
  };
}

const defaultCacheMode = (workloadId: string): CellResult["cacheMode"] =>
  (findWorkload(workloadId)?.usesCache ?? false) ? "warm" : "none";

/**
 * One cell per workload x cache mode of the spec, as the engine plans them (per measured placement
 * when there are placements); else one item.get cell.
 */
function cellInputsOf(input: RunResultInput, measuredPlacements: readonly PlacementName[] | null): CellInput[] {
  if (input.cells) return input.cells;
  const workloads = input.spec?.workloads;
  if (!workloads) return (measuredPlacements ?? [undefined]).map((placement) => (placement ? { placement } : {}));
  const cacheModes: CacheMode[] = input.spec?.cacheModes ?? ["warm"];
  const unplaced = workloads.flatMap((workload): CellInput[] =>
    defaultCacheMode(workload) === "none"
      ? [{ workload, cacheMode: "none" }]
      : cacheModes.map((cacheMode) => ({ workload, cacheMode })),
  );
  if (!measuredPlacements) return unplaced;
  return measuredPlacements.flatMap((placement) => unplaced.map((cell) => ({ ...cell, placement })));
}

/** What every cell of a result shares. */
interface RunContext {
  input: RunResultInput;
  spec: RunSpec;
  windowSeconds: number;
  /** The spec's stacks beyond express and grpc-js. */
  extraStacks: StackId[];
}

const protocolOf = (stack: StackId): Protocol => (stack.startsWith("grpc") ? "grpc" : "rest");

/** A measure's figures without its timeline and notes, as a cell's summary holds them. */
function summaryOf(protocol: Protocol, side: Side, context: MeasureContext, stack?: StackId): ProtocolSummary {
  const { timeline: _timeline, notes: _notes, ...figures } = measure(protocol, side, 1, context, stack);
  return figures;
}

/** The headline pair's trials, sides taking turns first (and the extra stacks with them). */
function headlineTrials(rest: Side, grpc: Side, trialCount: number, run: RunContext, context: MeasureContext) {
  const measured = stackIds.filter((id) => run.spec.stacks.includes(id));
  return Array.from({ length: trialCount }, (_, i) => {
    const factor = SPREAD[i % SPREAD.length]!;
    const order: Protocol[] = i % 2 === 0 ? ["rest", "grpc"] : ["grpc", "rest"];
    return {
      trial: i + 1,
      order,
      ...(context.withStacks ? { stackOrder: i % 2 === 0 ? measured : [...measured].reverse() } : {}),
      rest: measure("rest", rest, factor, context),
      grpc: measure("grpc", grpc, factor, context),
    };
  });
}

/** Each extra stack's trials and summary. */
function extraMeasuresOf(cellInput: CellInput, trialCount: number, run: RunContext, context: MeasureContext) {
  const stackSide = (stack: StackId): Side => ({
    ...DEFAULT_STACK_FIGURES[stack as keyof typeof DEFAULT_STACK_FIGURES],
    ...run.input.stacks?.[stack],
    ...cellInput.stacks?.[stack],
  });
  return run.extraStacks.map((stack) => ({
    stack,
    payload: {
      requestBodyBytes: stackSide(stack).requestBodyBytes,
      responseBodyBytes: stackSide(stack).responseBodyBytes,
    },
    trials: Array.from({ length: trialCount }, (_, i) =>
      measure(protocolOf(stack), stackSide(stack), SPREAD[i % SPREAD.length]!, context, stack),
    ),
    summary: summaryOf(protocolOf(stack), stackSide(stack), context, stack),
  }));
}

/** One cell, its workload and cache mode settled. */
function cellOf(
  cellInput: CellInput & Required<Pick<CellInput, "workload" | "cacheMode">>,
  run: RunContext,
): CellResult {
  const { input, spec } = run;
  const workload = getWorkload(cellInput.workload);
  const { cacheMode } = cellInput;
  const withStacks = run.extraStacks.length > 0;
  const context: MeasureContext = {
    windowSeconds: run.windowSeconds,
    cacheHitRatio: workload.usesCache ? (cacheMode === "warm" ? 1 : 0) : null,
    inFlight: spec.connections,
    grpcConnections: spec.grpcConnections,
    withStacks,
    ...(input.oneClient === undefined ? {} : { oneClient: input.oneClient }),
  };
  const restSide: Side = { ...DEFAULT_REST, ...input.rest, ...cellInput.rest };
  const grpcSide: Side = { ...DEFAULT_GRPC, ...input.grpc, ...cellInput.grpc };
  const trialCount = cellInput.trials ?? spec.trials;
  const trials = headlineTrials(restSide, grpcSide, trialCount, run, context);
  const extraMeasures = extraMeasuresOf(cellInput, trialCount, run, context);
  const trialsOf = (stack: StackId): ProtocolMeasure[] =>
    stack === "express"
      ? trials.map((t) => t.rest)
      : stack === "grpc-js"
        ? trials.map((t) => t.grpc)
        : extraMeasures.find((m) => m.stack === stack)!.trials;
  const asked = cellInput.questions ?? input.questions;
  const comparisons = COMPARED_METRICS.map((metric) =>
    comparison(metric, trialsOf("express"), trialsOf("grpc-js"), asked ? DEFAULT_MARGIN : undefined),
  );
  const summaries = { rest: summaryOf("rest", restSide, context), grpc: summaryOf("grpc", grpcSide, context) };
  const answered = asked
    ? questionsOf({
        input: asked,
        spec,
        workload: workload.id,
        context,
        restSide,
        grpcSide,
        trialCount,
        summaries,
        comparisons,
      })
    : undefined;
  return {
    workload: workload.id,
    label: workload.label,
    study: workload.study,
    cacheMode,
    payload: {
      rest: { requestBodyBytes: restSide.requestBodyBytes, responseBodyBytes: restSide.responseBodyBytes },
      grpc: { requestBodyBytes: grpcSide.requestBodyBytes, responseBodyBytes: grpcSide.responseBodyBytes },
    },
    trials,
    ...summaries,
    comparisons,
    verdict: answered?.questions.text ?? comparisons[0]!.text,
    ...answered,
    ...(cellInput.published ? { published: cellInput.published } : {}),
    ...(cellInput.placement ? { placement: cellInput.placement } : {}),
    ...(withStacks
      ? {
          stacks: extraMeasures,
          stackComparisons: stackComparisonsOf(run.extraStacks, trialsOf),
          layers: layersOf(workload.id, spec.stacks, trialsOf),
        }
      : {}),
  };
}

/** A whole result; validated by runResultSchema so a fixture can never drift from the schema. */
export function makeRunResult(input: RunResultInput = {}): RunResult {
  const plannedSpec = runSpecSchema.parse({ workloads: ["item.get"], ...input.spec });
  // A loopback-only spec (every preset's spec before placements) keeps the older shape.
  const placed = input.placements !== undefined || plannedSpec.network.some((p) => placementName(p) !== "loopback");
  const placementRecords = placed ? placementRecordsOf(plannedSpec, input.placements ?? []) : undefined;
  const measuredPlacements = placementRecords
    ? placementRecords.filter((p) => p.status === "measured").map((p) => p.name)
    : null;
  const cellInputs = cellInputsOf(input, measuredPlacements);
  const workloadOf = (cell: CellInput) => cell.workload ?? "item.get";
  const modeOf = (cell: CellInput) => cell.cacheMode ?? defaultCacheMode(workloadOf(cell));
  const cachedModes = [...new Set(cellInputs.map(modeOf).filter((m): m is CacheMode => m !== "none"))];
  const spec = runSpecSchema.parse({
    workloads: [...new Set(cellInputs.map(workloadOf))],
    cacheModes: cachedModes.length > 0 ? cachedModes : ["warm"],
    trials: cellInputs[0]?.trials ?? input.spec?.trials ?? 3,
    ...input.spec,
  });
  const windowSeconds = Math.max(1, Math.round(spec.durationMs / 1000));
  const extraStacks = stackIds.filter((id) => spec.stacks.includes(id) && !DEFAULT_STACKS.includes(id));

  const run: RunContext = { input, spec, windowSeconds, extraStacks };
  const cells = cellInputs.map((cellInput) =>
    cellOf({ ...cellInput, workload: workloadOf(cellInput), cacheMode: modeOf(cellInput) }, run),
  );

  const origin = input.origin ?? "ephemeral";
  const createdAt = input.createdAt ?? "2025-01-02T03:04:05.000Z";
  return runResultSchema.parse({
    schema: RESULT_SCHEMA_ID,
    id: input.id ?? "r_fixture0001",
    createdAt,
    finishedAt: new Date(Date.parse(createdAt) + 60_000).toISOString(),
    spec,
    environment: {
      cpuModel: "Fixture CPU @ 3.0GHz",
      cores: 2,
      totalMemoryBytes: 4 * 1024 ** 3,
      platform: "linux x64",
      node: "v20.20.0",
      versions: {
        autocannon: "8.0.0",
        ghz: "0.120.0",
        redis: origin === "embedded" ? null : "7.2.4",
        mysql: origin === "embedded" ? null : "10.11.6-MariaDB",
      },
      backends:
        origin === "embedded"
          ? { cache: "embedded", store: "embedded", origin }
          : { cache: "redis", store: "mysql", origin },
    },
    warnings: input.warnings ?? [],
    cells,
    ...(placementRecords ? { placements: placementRecords } : {}),
    ...(input.emulatorOverhead
      ? { emulatorOverhead: input.emulatorOverhead === true ? DEFAULT_EMULATOR_OVERHEAD : input.emulatorOverhead }
      : {}),
  });
}
