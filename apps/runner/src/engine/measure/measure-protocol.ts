import {
  cpuPerCallOf,
  specForWorkload,
  generatorCpuMsPerRequest,
  getWorkload,
  judgeGeneratorCpu,
  measureNotes,
  saturationFact,
  type ClientRecord,
  type MeasureFact,
  type Protocol,
  type ProtocolMeasure,
  type RunSpec,
  type SliceFigures,
  type StackId,
} from "@relix/core";
import { countCapOf, countRunBoundMs, timeCapFacts } from "../plan/count-window";
import type { EngineContext } from "../engine-context";
import { generatorForRun } from "./generators/registry";
import type { LoadGenerator, LoadPlan, LoadRun } from "./load-generator";
import { RunCancelledError, type RunEvent } from "../run-events";
import { readStats, serverDelta } from "./server-stats";
import {
  SERVER_COUNTED_FAILURE_CODE,
  serverCountedFailures,
  type ServerCountedFailures,
} from "./server-counted-errors";
import { aimedAt, DEFAULT_STACK_OF, isDefaultStack, stackStats, type StatsEndpoint } from "../plan/stack-table";
import { batchFiguresInWindow } from "./batches";
import type { ProtocolRunPlan } from "../plan/protocol-run-plan";
import { clipWindow, figuresInWindow, windowOfSamples, type MeasuredWindow } from "./window";
import { withWindowCpu } from "./window-cpu";

/** After the window closes, in-flight requests get this long to finish so none is cut short. */
const TAIL_MS = 250;

/** Per-request timeout on every side (autocannon's default is 10 s, ghz's 20 s: difference #8). */
export const REQUEST_TIMEOUT_MS = 10_000;

export type { ProtocolRunPlan } from "../plan/protocol-run-plan";

/**
 * A plan for one protocol run of one workload outside a whole run (the comparison scripts and the
 * pitfall tests): warm cache, a single trial; `requests` replaces the workload's own key sequence;
 * the protocol's default stack unless `stack` names another of its family.
 */
export function singleRunPlan(
  workloadId: string,
  protocol: Protocol,
  spec: RunSpec,
  requests?: unknown[],
  stack: StackId = DEFAULT_STACK_OF[protocol],
): ProtocolRunPlan {
  const workload = getWorkload(workloadId);
  return {
    stack,
    workload,
    cacheMode: "warm",
    requests: requests ?? workload.requests(spec),
    spec,
    cell: {
      workload: workloadId,
      cacheMode: workload.usesCache ? "warm" : "none",
      trial: 1,
      trials: 1,
      protocol,
      ...(isDefaultStack(stack) ? {} : { stack }),
      index: 1,
      total: 1,
    },
  };
}

export const stackOf = (plan: ProtocolRunPlan): StackId => plan.stack ?? DEFAULT_STACK_OF[plan.cell.protocol];

/** Polls the server's /stats once a second: the live samples, from the same source for every protocol. */
export function startLiveSamples(stats: StatsEndpoint, plan: ProtocolRunPlan, onEvent: (e: RunEvent) => void) {
  let second = 0;
  const timer = setInterval(() => {
    second++;
    const at = second;
    readStats(stats, { live: true }).then(
      (stats) =>
        onEvent({
          type: "sample",
          cell: plan.cell,
          second: at,
          requests: stats.interval.count,
          errors: stats.interval.errors,
          p50Ms: stats.interval.p50Ms,
          p99Ms: stats.interval.p99Ms,
          // The second [at-1, at) overlaps the warm-up: the page shades it.
          warmup: (at - 1) * 1000 < plan.spec.warmupMs,
        }),
      () => {},
    );
  }, 1_000);
  return () => clearInterval(timer);
}

/** What the generator is given for one run of `plan`: for `durationMs`, or (count mode) `total` requests. */
export function loadPlanOf(
  plan: ProtocolRunPlan,
  context: EngineContext,
  durationMs: number,
  total?: number,
): LoadPlan {
  const stack = stackOf(plan);
  return {
    stack,
    workload: plan.workload,
    cacheMode: plan.cacheMode,
    requests: plan.requests,
    spec: plan.spec,
    targets: aimedAt(plan.loadTargets ?? context.targets, stack),
    tools: context.tools,
    env: context.env,
    durationMs,
    ...(total === undefined ? {} : { total }),
    timeoutMs: REQUEST_TIMEOUT_MS,
    ...(plan.signal ? { signal: plan.signal } : {}),
  };
}

function runGenerator(
  generator: LoadGenerator,
  plan: ProtocolRunPlan,
  context: EngineContext,
  durationMs: number,
  total?: number,
): Promise<LoadRun> {
  return generator.run(loadPlanOf(plan, context, durationMs, total));
}

/**
 * One stack, one cell, one trial: run the tool for warm-up + window (+ a tail), keep the samples
 * of the window, and diff the stack's server counters around the run.
 */
export async function measureProtocol(
  plan: ProtocolRunPlan,
  context: EngineContext,
  onEvent: (e: RunEvent) => void,
): Promise<ProtocolMeasure> {
  // From the run's spec as it is: the cap is a share of the whole run's time.
  const capMs = plan.spec.requests ? countCapOf(plan) : 0;
  // A workload with a load of its own runs with that rate and those connections, on both sides.
  plan = { ...plan, spec: specForWorkload(plan.spec, plan.workload.id) };
  const { spec } = plan;
  const stack = stackOf(plan);
  const generator = generatorForRun(context.generators, stack, spec);
  const stats = stackStats(context.targets, stack);
  const before = await readStats(stats, { resetPeakRss: true });
  const stopSamples = startLiveSamples(stats, plan, onEvent);
  let run: LoadRun;
  let window: MeasuredWindow;
  let warmupSamples = 0;
  try {
    if (spec.requests) {
      // Count mode: a time-boxed warm-up run (discarded), then N requests timed, or as many as the
      // time cap allows. The new run opens new connections, so one extra request per in-flight
      // slot is sent and its completion dropped: the handshakes stay out of the window, which then
      // holds exactly N.
      if (spec.warmupMs > 0)
        warmupSamples = (await runGenerator(generator, plan, context, spec.warmupMs)).samples.length;
      run = await runGenerator(
        generator,
        plan,
        context,
        countRunBoundMs(spec, capMs, spec.requests),
        spec.requests + spec.connections,
      );
      const counted = windowOfSamples(run.samples, spec.connections);
      const completed = run.samples.filter((s) => s.endMs >= counted.startMs).length;
      window = counted;
      run = { ...run, facts: [...run.facts, ...timeCapFacts(generator.tool, [run], completed, spec, capMs)] };
    } else {
      run = await runGenerator(generator, plan, context, spec.warmupMs + spec.durationMs + TAIL_MS);
      window = { startMs: spec.warmupMs, endMs: spec.warmupMs + spec.durationMs };
    }
  } finally {
    stopSamples();
  }
  // A cancelled run stops its tool early; what it measured is not a result.
  if (plan.signal?.aborted) throw new RunCancelledError();
  const after = await readStats(stats);
  const complete = clipWindow(window, run.completeUntilMs);
  // Time mode: what completed before the window; count mode: the warm-up run and the handshakes.
  const discarded = warmupSamples + run.samples.filter((s) => s.endMs < window.startMs).length;
  return assembleMeasure(plan, {
    tool: generator.tool,
    // The tool's CPU over the window, not its warm-up, start-up and drain.
    run: withWindowCpu(run, complete),
    window,
    complete,
    server: serverDelta(before, after, plan.workload.usesCache),
    discarded,
  });
}

/** Everything one stack's measure is made of, whether measured as one block or as slices. */
export interface MeasuredSamples {
  tool: string;
  /** The tool's samples (for slices: joined on one clock, see slices.ts), CPU, connections and facts. */
  run: LoadRun;
  /** The window as planned, and as far as the tool's samples are complete. */
  window: MeasuredWindow;
  complete: MeasuredWindow;
  server: ReturnType<typeof serverDelta>;
  /** Calls completed outside every window: warm-up, lead-ins, handshakes. */
  discarded: number;
  /** Interleaved only: the figures of each slice. */
  slices?: SliceFigures;
}

/** The measure of one stack in one trial, from its window's samples and its server's counters. */
export function assembleMeasure(plan: ProtocolRunPlan, measured: MeasuredSamples): ProtocolMeasure {
  const { spec, cell } = plan;
  const { run, window, complete, server } = measured;
  const stack = stackOf(plan);
  // A tool without a schedule: each of its in-flight slots is expected to send every inFlight / rate s.
  const correction =
    spec.rate === undefined ? undefined : { expectedIntervalUs: (Math.max(1, run.inFlight) * 1e6) / spec.rate };
  const counted = figuresInWindow(run.samples, complete, correction);
  const figures = withServerCountedFailures(counted, serverCountedFailures(run.client, counted.ok, server));
  const load = judgeGeneratorCpu(run.cpu);
  const facts = measureFacts(measured.tool, run, window, complete, {
    warmupMs: spec.warmupMs,
    discarded: measured.discarded,
  });
  const generatorMeasures = {
    tool: measured.tool,
    cpuFraction: load.cpuFraction,
    saturated: load.saturated,
    cpuMsPerRequest: generatorCpuMsPerRequest(run.cpu, figures.rps),
    ...(run.cpu.overWindow ? { cpuSpan: "window" as const } : {}),
  };
  return {
    protocol: cell.protocol,
    // The default stacks stay unnamed, as in results written before stacks.
    ...(isDefaultStack(stack) ? {} : { stack }),
    rps: figures.rps,
    requests: figures.ok,
    errors: { total: figures.errors, byCode: figures.errorsByCode },
    latencyMs: figures.histogram.summary(),
    ...(figures.corrected
      ? { correctedLatencyMs: figures.corrected.histogram.summary(), latencyCorrection: figures.corrected.method }
      : {}),
    histogram: figures.histogram.encode(),
    timeline: figures.timeline,
    batches: batchFiguresInWindow(run.samples, complete, { keepLatencies: spec.trials === 1 }),
    ...(measured.slices ? { slices: measured.slices } : {}),
    // What the tool really used (per-request connections and HTTP/2 channels are counted by the driver).
    connections: { tcp: run.connections, inFlight: run.inFlight },
    server: {
      cpuMsPer1000: server.cpuMsPer1000,
      peakRssBytes: server.peakRssBytes,
      serverTimeMsMean: server.serverTimeMsMean,
      cacheHitRatio: server.cacheHitRatio,
      wireBytesPerRequest: server.wireBytesPerRequest,
      split: server.split,
    },
    generator: generatorMeasures,
    cpuMsPerCall: cpuPerCallOf(generatorMeasures.cpuMsPerRequest, server.cpuMsPer1000),
    ...(figures.client ? { client: figures.client } : run.client ? { client: run.client } : {}),
    facts,
    notes: measureNotes({ workload: plan.workload.id, cacheMode: cell.cacheMode }, cell.protocol, {
      generator: generatorMeasures,
      facts,
    }),
  };
}

/** The driver's facts, completed with what only the engine knows: saturation, the window, the warm-up. */
function measureFacts(
  tool: string,
  run: LoadRun,
  window: MeasuredWindow,
  complete: MeasuredWindow,
  warmup: { warmupMs: number; discarded: number },
): MeasureFact[] {
  // A truncated tool output shortens the window rather than count missing samples as absent responses.
  const shortenedToMs = complete.endMs < window.endMs ? complete.endMs - complete.startMs : null;
  const facts = run.facts.map((fact) =>
    fact.kind === "details-truncated" ? { ...fact, windowShortenedToMs: shortenedToMs } : fact,
  );
  const saturated = saturationFact(tool, run.cpu);
  if (saturated) facts.unshift(saturated);
  facts.push({ kind: "warm-up-discarded", samples: warmup.discarded, warmupMs: warmup.warmupMs });
  return facts;
}

/**
 * The window's figures with the failures only the server saw moved from successes to errors
 * (server-counted-errors.ts); rps counts successes, so it shrinks by the same share.
 */
function withServerCountedFailures<
  F extends { ok: number; errors: number; errorsByCode: Record<string, number>; rps: number },
>(figures: F, failures: ServerCountedFailures | null): F & { client?: ClientRecord } {
  if (!failures) return figures;
  const { failedInWindow, client } = failures;
  if (failedInWindow === 0) return { ...figures, client };
  const ok = figures.ok - failedInWindow;
  return {
    ...figures,
    ok,
    rps: figures.ok > 0 ? (figures.rps * ok) / figures.ok : 0,
    errors: figures.errors + failedInWindow,
    errorsByCode: {
      ...figures.errorsByCode,
      [SERVER_COUNTED_FAILURE_CODE]: (figures.errorsByCode[SERVER_COUNTED_FAILURE_CODE] ?? 0) + failedInWindow,
    },
    client,
  };
}
