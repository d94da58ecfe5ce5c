import { z } from "zod";
import { protocolSchema } from "../domain/protocol";
import { studyIds } from "../catalog/workload";
import { measureFactSchema, runFactSchema } from "../findings/facts";
import { clientRecordSchema } from "./client-record";
import { cpuPerCallSchema } from "./cpu-per-call";
import { launchRecordSchema } from "./launch-record";
import { runSpecSchema } from "../spec/run-spec";
import { cacheModes } from "../calls/cache-mode";
import { callerCostsRecordSchema } from "../calls/caller-cost-record";
import { layerNames, stackIdSchema } from "../stacks/stacks";
import { sweepCoordsSchema, sweepResultSchema } from "../sweep/sweep-result";
import { emulatorOverheadSchema, placementNames, placementRecordSchema } from "../network/placements";
import { serviceEndpointsSchema } from "../network/service-endpoints";
import { COMPARED_METRICS, latencySummarySchema, ratioCISchema } from "../stats";

/**
 * relix.result/v1: what `pnpm bench --json` writes, what the runner stores, what permalinks,
 * the UI and imports read. Documented in docs/result-schema.md; validated on write and on read.
 * Latencies are float milliseconds with microsecond precision.
 */
export const RESULT_SCHEMA_ID = "relix.result/v1";

export { protocolSchema, type Protocol } from "../domain/protocol";

const nonNegative = z.number().min(0);

/** One second of a measured window, from the client samples (same source for both protocols). */
export const timelinePointSchema = z.object({
  second: z.number().int().min(0),
  requests: z.number().int().min(0),
  errors: z.number().int().min(0),
  p50Ms: nonNegative,
  p99Ms: nonNegative,
});

export const batchFiguresSchema = z.object({
  p50Ms: z.array(nonNegative),
  p99Ms: z.array(nonNegative),
  rps: z.array(nonNegative),
  /**
   * A window of under 1,000 successful calls of a one-trial run only: their latencies in completion
   * order (over 200: 200 evenly spaced order statistics of them, ascending), what a p50 interval rests on when a side is too thin for sub-windows
   * (stats/sample-bootstrap.ts). Absent otherwise and in results written before.
   */
  latenciesMs: z.array(z.number().positive()).optional(),
});
export type BatchFigures = z.infer<typeof batchFiguresSchema>;

/**
 * The measured window as slices that took turns with the other stacks of the trial: slice i of
 * every stack of a trial ran in round i, so the two sides' slice i pair up (stats/paired-slices.ts).
 * A percentile is null for a slice with too few successful calls for it (20 for p50, 100 for p99).
 */
export const sliceFiguresSchema = z.object({
  calls: z.array(z.number().int().min(0)),
  p50Ms: z.array(nonNegative.nullable()),
  p99Ms: z.array(nonNegative.nullable()),
  rps: z.array(nonNegative),
  /**
   * Calls per second per server core in each slice (1,000,000 / server CPU ms per 1,000 calls);
   * null where the server reported no CPU or served no call. Absent in results written before.
   */
  capacity: z.array(nonNegative.nullable()).optional(),
});
export type SliceFigures = z.infer<typeof sliceFiguresSchema>;

export const serverMeasuresSchema = z.object({
  /** Server CPU time (user + system) per 1,000 requests served. */
  cpuMsPer1000: nonNegative.nullable(),
  peakRssBytes: nonNegative.nullable(),
  /** Mean server time per request: handler entry to reply handed to the transport. */
  serverTimeMsMean: nonNegative.nullable(),
  /** Hits / (hits + misses) seen by the server; null when the workload does not use the cache. */
  cacheHitRatio: z.number().min(0).max(1).nullable(),
  /** Bytes at the server's sockets per request, headers and framing included. */
  wireBytesPerRequest: z.object({ received: nonNegative, sent: nonNegative }).nullable(),
  /**
   * The mean server time per request split three ways, ms (the same instrumentation in every
   * stack): in the service function (cache and database included), encoding and decoding bodies,
   * and the rest (framework, framing, scheduling). Absent in results written before; null when the
   * server did not report it.
   */
  split: z.object({ serviceMs: nonNegative, codecMs: nonNegative, restMs: nonNegative }).nullable().optional(),
});

export const generatorMeasuresSchema = z.object({
  /** The load generator: "autocannon" (REST) and "ghz" (gRPC) today; the registry may add others. */
  tool: z.string().min(1),
  /** CPU of the load generator as a fraction of one core (autocannon) or of all cores (ghz). */
  cpuFraction: nonNegative.nullable(),
  saturated: z.boolean(),
  /**
   * The generator's own CPU time per request, ms (its cores busy / rps): compared between the
   * protocols by the client-efficiency finding. Absent in results written before; null when its
   * CPU could not be measured.
   */
  cpuMsPerRequest: nonNegative.nullable().optional(),
  /**
   * "window": the CPU figures cover the measured window alone (a child tool's CPU read over time).
   * Absent: the tool's whole run, start-up included (results written before, autocannon in the
   * runner's process, or a tool whose CPU /proc could not follow over time).
   */
  cpuSpan: z.literal("window").optional(),
});

/** One protocol in one trial of one cell. */
export const protocolMeasureSchema = z.object({
  protocol: protocolSchema,
  /** The stack measured (stacks/stacks.ts); absent = the protocol's default (express, grpc-js). */
  stack: stackIdSchema.optional(),
  rps: nonNegative,
  requests: z.number().int().min(0),
  errors: z.object({ total: z.number().int().min(0), byCode: z.record(z.string(), z.number().int().min(0)) }),
  latencyMs: latencySummarySchema,
  /**
   * Open loop only: the latency of the same requests counted from each one's intended send time
   * (`latencyCorrection` says how it was obtained; docs/measurement.md). Absent for a closed loop
   * and in results written before.
   */
  correctedLatencyMs: latencySummarySchema.optional(),
  /**
   * "scheduled": the generator sent on a schedule and timed each request from its due time;
   * "expected-interval": HdrHistogram's correction of the raw samples, interval = in-flight / rate.
   */
  latencyCorrection: z.enum(["scheduled", "expected-interval"]).optional(),
  /** The whole HDR histogram of the measured window (compressed base64, µs values). */
  histogram: z.string(),
  timeline: z.array(timelinePointSchema),
  /**
   * The window cut into equal consecutive sub-windows, each figure computed once per sub-window:
   * what gives one trial a confidence interval (stats/batch-means.ts). A figure's list is empty
   * when the window held too few requests for it. Absent in results written before.
   */
  batches: batchFiguresSchema.optional(),
  /** Interleaved measurement only (absent for one block per side, and in results written before). */
  slices: sliceFiguresSchema.optional(),
  connections: z.object({ tcp: z.number().int().min(0), inFlight: z.number().int().min(0) }),
  server: serverMeasuresSchema,
  generator: generatorMeasuresSchema,
  /**
   * CPU per call at both ends and their sum, ms (cpu-per-call.ts): the generator's figure and the
   * server's per-1,000 figure above, side by side. Absent in results written before.
   */
  cpuMsPerCall: cpuPerCallSchema.optional(),
  /** How the side was driven and its errors counted, in a run that chose equal clients (client-record.ts). */
  client: clientRecordSchema.optional(),
  /**
   * What was observed about this run of the tool (saturation, truncation, dropped requests...).
   * Absent in results written before facts were recorded.
   */
  facts: z.array(measureFactSchema).optional(),
  /** The facts in words (packages/core/src/findings); older results have only these. */
  notes: z.array(z.string()),
});
export type ProtocolMeasure = z.infer<typeof protocolMeasureSchema>;

/** The median of each figure across trials (the histogram is the merge of all trials). */
export const protocolSummarySchema = protocolMeasureSchema.omit({
  timeline: true,
  batches: true,
  slices: true,
  notes: true,
  facts: true,
  client: true,
});
export type ProtocolSummary = z.infer<typeof protocolSummarySchema>;

export const comparisonSchema = z.object({
  metric: z.enum(COMPARED_METRICS),
  ci: ratioCISchema,
  winner: z.enum(["grpc", "rest", "none"]),
  text: z.string(),
});
export type Comparison = z.infer<typeof comparisonSchema>;

export const payloadSizesSchema = z.object({
  requestBodyBytes: nonNegative,
  responseBodyBytes: nonNegative,
});

export const publishedFigureSchema = z.object({
  label: z.string(),
  unit: z.string(),
  published: z.object({ rest: z.number().nullable(), grpc: z.number().nullable() }),
  measured: z.object({ rest: z.number().nullable(), grpc: z.number().nullable() }),
  note: z.string().optional(),
});
export type PublishedFigure = z.infer<typeof publishedFigureSchema>;

/** One comparison of two stacks: the ratio oriented like a speedup (> 1: `to` did better). */
export const stackComparisonSchema = z.object({
  metric: z.enum(COMPARED_METRICS),
  ci: ratioCISchema,
  /** The stack that did better, or "none" when the interval straddles 1. */
  winner: z.union([stackIdSchema, z.literal("none")]),
  text: z.string(),
});
export type StackComparison = z.infer<typeof stackComparisonSchema>;

/** A stack beyond express and grpc-js, measured in every trial of the cell like them. */
export const stackMeasuresSchema = z.object({
  stack: stackIdSchema,
  payload: payloadSizesSchema,
  /** One measure per trial, in trial order (the order within a trial is in `stackOrder`). */
  trials: z.array(protocolMeasureSchema),
  summary: protocolSummarySchema,
});
export type StackMeasures = z.infer<typeof stackMeasuresSchema>;

/** `from` against `to` on p50, p99 and rps, with the p50 sentence. */
export const stackPairSchema = z.object({
  from: stackIdSchema,
  to: stackIdSchema,
  comparisons: z.array(stackComparisonSchema),
  verdict: z.string(),
});
export type StackPair = z.infer<typeof stackPairSchema>;

/**
 * One side's load generator swapped for the equal client on the same server (the layer walk's
 * client step): `from` is the tools' program (autocannon, ghz...), `to` the one client for both
 * (h2load). A ratio above 1 means the equal client measured the server faster.
 */
export const clientStepSchema = z.object({
  side: protocolSchema,
  /** The server both programs drove: the cell's pair's stack on that side. */
  stack: stackIdSchema,
  from: z.string().min(1),
  to: z.string().min(1),
  comparisons: z.array(
    z.object({
      metric: z.enum(COMPARED_METRICS),
      ci: ratioCISchema,
      winner: z.enum(["from", "to", "none"]),
      text: z.string(),
    }),
  ),
  /**
   * Its share of the tools' REST -> gRPC gap at p50, on a log scale so the client steps and the
   * equal clients' own gap add up to it; null when that gap has no ratio or is not significant.
   */
  gapShare: z.number().nullable(),
  text: z.string(),
});
export type ClientStep = z.infer<typeof clientStepSchema>;

/** Why a cell was measured both ways (ToolClients' `reason`). */
export const equalClientsReasons = ["unequal-tools", "sweep", "asked"] as const;
export type EqualClientsReason = (typeof equalClientsReasons)[number];

/**
 * A cell measured by the tools (autocannon, ghz...) and also with one client for both in the same
 * trials (their CPU per call differed by more than the client factor, a sweep, or `clients: both`):
 * the tools' figures, kept beside the headline that rests on the equal clients.
 */
export const toolClientsSchema = z.object({
  trials: z.array(z.object({ rest: protocolMeasureSchema, grpc: protocolMeasureSchema })),
  rest: protocolSummarySchema,
  grpc: protocolSummarySchema,
  comparisons: z.array(comparisonSchema),
  /** The tools' own p50 sentence. */
  verdict: z.string(),
  /** The tools' CPU per call, heavier over lighter, in the cell's first trial's warm-ups; null when not measured. */
  cpuFactor: nonNegative.nullable(),
  /**
   * Why both: "unequal-tools", their CPU per call more than 1.1x apart in the warm-ups of the first
   * trial that decided (for a workload, in every cache mode and at every placement); "sweep", a
   * sweep measures every cell both ways, since its cells are compared with one another; "asked",
   * the run's `clients` was "both". Absent: "unequal-tools".
   */
  reason: z.enum(equalClientsReasons).optional(),
});
export type ToolClients = z.infer<typeof toolClientsSchema>;

/**
 * Why a cell was measured by its tools alone: "within-factor", its tools' CPU per call 1.1x apart
 * or less in its first trial's warm-ups (the cell that decided for its workload); "no-factor", a
 * warm-up gave no CPU figure, so nothing called for a second view; "decided-elsewhere", its
 * workload's first cell decided so (every cell of a workload keeps the same views: they are
 * compared with one another); "equal-view-unavailable", that client cannot drive this load.
 */
export const toolsAloneReasons = ["within-factor", "no-factor", "decided-elsewhere", "equal-view-unavailable"] as const;
export type ToolsAloneReason = (typeof toolsAloneReasons)[number];

export const toolsAloneSchema = z.object({
  /** This cell's tools' CPU per call in its first trial's warm-ups, heavier over lighter; null when not measured. */
  cpuFactor: z.number().min(1).nullable(),
  because: z.enum(toolsAloneReasons),
  /** With "equal-view-unavailable": why that client cannot drive this load, as the runner said it. */
  refusal: z.string().optional(),
});
export type ToolsAlone = z.infer<typeof toolsAloneSchema>;

/**
 * The pair measured again at one call in flight (spec/light-load.ts), in the same launches right
 * after the cell's own load, by the client the headline rests on: what a caller waits when the
 * server is not queueing.
 */
export const lightLoadSchema = z.object({
  /** Calls in flight on each side (one, over one connection). */
  inFlight: z.number().int().min(1),
  trials: z.array(
    z.object({ trial: z.number().int().min(1), rest: protocolMeasureSchema, grpc: protocolMeasureSchema }),
  ),
  rest: protocolSummarySchema,
  grpc: protocolSummarySchema,
  comparisons: z.array(comparisonSchema),
});
export type LightLoad = z.infer<typeof lightLoadSchema>;

/** One server's capacity at the cell's own load (stats/capacity.ts). */
export const capacitySideSchema = z.object({
  /** Calls per second per server core: 1,000,000 / server CPU ms per 1,000 calls; null without a CPU figure. */
  perCore: nonNegative.nullable(),
  /** How much of one core the server was busy over the window (rps x CPU per call); null without a CPU figure. */
  coreShare: nonNegative.nullable(),
  /** Calls per second it served at that load. */
  rps: nonNegative,
});
export type CapacitySide = z.infer<typeof capacitySideSchema>;

/**
 * A cell's two headline questions, each a defined quantity: latency (what a caller waits when the
 * server is not queueing) and capacity (calls per second per server core, at a load that keeps the
 * server busy). Absent in results written before.
 */
export const cellQuestionsSchema = z.object({
  latency: z.object({
    /**
     * Where the latency was read: "one-in-flight" (the cell measured again at one call in flight:
     * `lightLoad`, or its own load was one call in flight), "open-loop" (its own load, a rate, each
     * call timed from its due time), "under-saturation" (a closed loop of several in flight, as a
     * sweep's points are: queueing, not latency alone).
     */
    load: z.enum(["one-in-flight", "open-loop", "under-saturation"]),
    p50: comparisonSchema.optional(),
    p99: comparisonSchema.optional(),
  }),
  capacity: z.object({
    rest: capacitySideSchema,
    grpc: capacitySideSchema,
    /** Both servers busy at least 0.8 of a core (stats/capacity.ts SATURATED_CORE_SHARE); false: "not saturated". */
    saturated: z.boolean(),
    comparison: comparisonSchema.optional(),
  }),
  /** Both answers in one sentence, e.g. "REST answers 1.6x sooner ...; gRPC serves 1.9x the calls per core ...". */
  text: z.string(),
});
export type CellQuestions = z.infer<typeof cellQuestionsSchema>;

export const cellResultSchema = z.object({
  workload: z.string(),
  label: z.string(),
  study: z.enum(studyIds),
  /** "none" for workloads that do not read through the cache. */
  cacheMode: z.enum([...cacheModes, "none"]),
  /** In a sweep: the grid point of the cell's numeric knobs (e.g. { records: 1000 }). */
  coords: sweepCoordsSchema.optional(),
  /** In a sweep: added by the crossover search rather than planned on the grid. */
  refinement: z.boolean().optional(),
  /** The network placement it was measured under; absent in results written before = loopback. */
  placement: z.enum(placementNames).optional(),
  /**
   * The two stacks `rest` and `grpc` hold (stacks/stack-pair.ts); absent = express and grpc-js, as
   * in every result written before pairs and in every run that measures them.
   */
  pair: z.object({ rest: stackIdSchema, grpc: stackIdSchema }).optional(),
  payload: z.object({ rest: payloadSizesSchema, grpc: payloadSizesSchema }),
  trials: z.array(
    z.object({
      trial: z.number().int().min(1),
      order: z.array(protocolSchema).length(2),
      /** With stacks beyond the default two: the order every stack ran in within this trial. */
      stackOrder: z.array(stackIdSchema).optional(),
      /** The launch of the servers the trial ran on (the run's `launches`); absent in results written before. */
      launch: z.number().int().min(1).optional(),
      rest: protocolMeasureSchema,
      grpc: protocolMeasureSchema,
    }),
  ),
  rest: protocolSummarySchema,
  grpc: protocolSummarySchema,
  comparisons: z.array(comparisonSchema),
  /** The headline sentence (p50, with its confidence interval). */
  verdict: z.string(),
  /**
   * Stacks beyond express (`rest`) and grpc-js (`grpc`), when the spec asked for them. Absent in
   * results written before stacks and in runs of the default two.
   */
  stacks: z.array(stackMeasuresSchema).optional(),
  /** Each stack of the run against express and against grpc-js. */
  stackComparisons: z.array(stackPairSchema).optional(),
  /**
   * The walk from express to grpc-js one layer at a time (stacks/stacks.ts layerSteps), for the
   * steps whose two stacks were measured, each with its sentence.
   */
  layers: z.array(stackPairSchema.extend({ layer: z.enum(layerNames), text: z.string() })).optional(),
  published: z.array(publishedFigureSchema).optional(),
  /**
   * When the tools' CPU per call was unequal: what they measured. `rest`, `grpc`, `comparisons` and
   * `verdict` above are then the equal clients' (their `client` records say so), `verdict` with the
   * tools' figure beside it. Absent when the tools were measured alone and in results written before.
   */
  toolClients: toolClientsSchema.optional(),
  /**
   * A cell whose run could have added one client for both (`clients` "tools" or "both", or a
   * sweep) measured by its tools alone, and why, so a reader can tell "the tools were equal enough"
   * from "that client could not drive this load". Absent in `clients: "equal"` runs, in cells with
   * `toolClients`, and in results written before.
   */
  toolsAlone: toolsAloneSchema.optional(),
  /** With `toolClients`: each side's step from its tool to the equal client, in the layer walk. */
  clientSteps: z.array(clientStepSchema).optional(),
  /** The pair at one call in flight, where the cell's own load kept more in flight in a closed loop. */
  lightLoad: lightLoadSchema.optional(),
  /** The cell's two headline answers: latency and capacity per core. */
  questions: cellQuestionsSchema.optional(),
});
export type CellResult = z.infer<typeof cellResultSchema>;

export const environmentSchema = z.object({
  cpuModel: z.string(),
  cores: z.number().int().min(1),
  totalMemoryBytes: nonNegative,
  platform: z.string(),
  node: z.string(),
  /**
   * Versions by program name: each load generator and emulator the run drove (autocannon, ghz,
   * h2load, toxiproxy...) and the stores (redis, mysql); null when it could not be read.
   */
  versions: z.record(z.string(), z.string().nullable()),
  backends: z.object({
    cache: z.enum(["redis", "embedded"]),
    store: z.enum(["mysql", "embedded"]),
    /** How Relix got them: from REDIS_URL/MYSQL_URL, started for this run, or the in-process fallback. */
    origin: z.enum(["external", "ephemeral", "embedded"]),
  }),
  /**
   * The cores the load generator and the services were pinned to; null when they were not pinned,
   * absent in results written before pinning existed.
   */
  cpuLayout: z
    .object({ generator: z.array(z.number().int().min(0)), services: z.array(z.number().int().min(0)) })
    .nullable()
    .optional(),
  /**
   * The services measured: host, ports, and whether the runner started them or they were external
   * (another host, or already running). Absent in results written before = the runner's loopback services.
   */
  services: serviceEndpointsSchema.optional(),
});
export type Environment = z.infer<typeof environmentSchema>;

export const runResultSchema = z.object({
  schema: z.literal(RESULT_SCHEMA_ID),
  id: z.string().min(8).max(64),
  createdAt: z.string(),
  finishedAt: z.string(),
  spec: runSpecSchema,
  environment: environmentSchema,
  /** Facts about the whole run (how the load was offered...). Absent in results written before. */
  facts: z.array(runFactSchema).optional(),
  /** The warnings in words (findingsOf): what older readers and older results have. */
  warnings: z.array(z.string()),
  cells: z.array(cellResultSchema),
  /**
   * Each placement of the run with its target and measured RTT (refused ones included). Absent in
   * results written before placements existed (they were all loopback).
   */
  placements: z.array(placementRecordSchema).optional(),
  /**
   * What callers in Node, Go and Python pay to encode each workload's request and decode its reply,
   * from `pnpm bench:codecs` on the machine that ran it (calls/caller-cost-record.ts). Absent when
   * it was never measured there, and in results written before.
   */
  callerCosts: callerCostsRecordSchema.optional(),
  /** The sweep's grid, refinement points and crossovers, when the spec swept. */
  sweep: sweepResultSchema.optional(),
  /** The network emulator's own cost on noop, when any placement was emulated. */
  emulatorOverhead: emulatorOverheadSchema.optional(),
  /**
   * Each launch of the run's server processes, in order (launch-record.ts): each trial runs on a
   * launch of its own where the run started the servers. Absent in results written before.
   */
  launches: z.array(launchRecordSchema).optional(),
  /** Set when the result was imported rather than measured by this runner. */
  importedAt: z.string().optional(),
});
export type RunResult = z.infer<typeof runResultSchema>;

/** Reads a result from untrusted JSON text; throws an error that says what is wrong and where. */
export function parseRunResult(input: unknown): RunResult {
  const parsed = runResultSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
  throw new Error(`not a valid ${RESULT_SCHEMA_ID} document:\n  ${issues.join("\n  ")}`);
}
