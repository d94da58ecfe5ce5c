// One trial of one cell with every stack's window cut into slices that take turns (slices.ts says
// why and how they are sized): each stack warms up once, then round after round each stack runs
// one slice, the order reversing every round. Each slice is its own run of the stack's load
// generator; its samples are laid end to end with the stack's other slices, so every figure of
// the measure is computed as for one block, and each slice's own figures are kept for the
// paired interval (core stats/paired-slices.ts).
import {
  createLatencyHistogram,
  generatorCpuMsPerRequest,
  specForWorkload,
  type EqualClientsReason,
  type GeneratorCpu,
  type ProtocolMeasure,
  type SliceFigures,
  type StackId,
  type ToolsAlone,
} from "@relix/core";
import type { ServerStatsSnapshot } from "@relix/io";
import type { ClientSample } from "../../tools";
import { MIN_SAMPLES_PER_BATCH } from "./batches";
import { countCapOf, countRunBoundMs, timeCapFacts } from "../plan/count-window";
import type { EngineContext } from "../engine-context";
import { equalViewRefusal } from "../plan/equal-view-refusal";
import { equalClientGenerator } from "./generators/equal-client-generator";
import { generatorForRun } from "./generators/registry";
import type { LoadGenerator, LoadRun } from "./load-generator";
import { assembleMeasure, loadPlanOf, stackOf, startLiveSamples, type ProtocolRunPlan } from "./measure-protocol";
import { RunCancelledError, type RunEvent } from "../run-events";
import { joinedSnapshots, readStats, serverDelta } from "./server-stats";
import {
  callsPerSlice,
  joinSlices,
  MAX_SLICES,
  MIN_CALLS_PER_SLICE,
  MIN_SLICE_MS,
  MIN_SLICES,
  planSlices,
  SLICES_PER_LAUNCH,
  TRIALS_FOR_LAUNCH_SLICES,
  roundOrder,
  type MeasuredSlice,
  type SlicePlan,
  type WarmupFigures,
} from "./slices";
import { stackStats, type StatsEndpoint } from "../plan/stack-table";
import { clipWindow, windowOfSamples } from "./window";
import { withWindowCpu } from "./window-cpu";

/** One stack of the trial, ready to measure. */
interface TrialStack {
  plan: ProtocolRunPlan;
  /** "tools": driven by the run's generator for it; "equal": the pair's second view, one client for both. */
  view: "tools" | "equal";
  /** Count mode: the side's time cap in this trial, split over its slices as the requests are; else 0. */
  countCapMs: number;
  generator: LoadGenerator;
  stats: StatsEndpoint;
  warmupSamples: number;
  slices: Array<MeasuredSlice & { run: LoadRun; before: ServerStatsSnapshot; after: ServerStatsSnapshot }>;
}

export interface InterleavedTrialHooks {
  /** A stack's measuring begins (its warm-up): the caller's cell-start event. */
  onStackStart(plan: ProtocolRunPlan): void;
}

/**
 * Whether the pair is also measured with one client for both, fixed before the run from its spec
 * (placement-cells.ts clientViewsOf): a sweep or a `clients: both` run, never a reading of the
 * run itself. Once a warm-up's tools' CPU factor decided it, and one warm-up read 1.11x where the
 * slices read 1.62x: a reading of 1.09 would have turned "gRPC 1.9x faster" into "no difference".
 * `pair`: the headline stacks, the ones measured twice.
 */
export interface ClientViews {
  pair: { rest: StackId; grpc: StackId };
  /** True: every trial that can adds one client for both (a sweep, or `clients: both`). */
  equal: boolean;
  /** Why both: the run is a sweep, or it asked (set with `equal`). */
  reason: EqualClientsReason | null;
}

/** What one trial measured: each stack by its tool, and the pair by the equal client when the views say so. */
export interface TrialMeasures {
  measures: Map<StackId, ProtocolMeasure>;
  equalClients?: Map<StackId, ProtocolMeasure>;
  /** The pair's tools' CPU per call in this trial's warm-ups, heavier over lighter; absent when not measured. */
  toolsCpuFactor?: number;
  /** In a run that could add one client for both, a trial that did not: why. */
  toolsAlone?: Omit<ToolsAlone, "cpuFactor">;
  /** The pair again at one call in flight, by the headline's client (light-load-pass.ts), where measured. */
  light?: Map<StackId, ProtocolMeasure>;
}

/** A warm-up's CPU per successful call, ms, or null when it had no calls or no CPU figure. */
function warmupCpuMsPerCall(run: LoadRun | null, figures: WarmupFigures): number | null {
  if (!run || figures.rps === null) return null;
  return generatorCpuMsPerRequest(run.cpu, figures.rps);
}

/** The pair's tools' CPU per call from this trial's warm-ups, heavier over lighter, or null. */
function warmupCpuFactor(
  pair: ClientViews["pair"],
  stacks: readonly TrialStack[],
  warmups: ReadonlyMap<TrialStack, { run: LoadRun | null; figures: WarmupFigures }>,
): number | null {
  const cpuOf = (stack: StackId) => {
    const trialStack = stacks.find((s) => stackOf(s.plan) === stack);
    const warmup = trialStack ? warmups.get(trialStack) : undefined;
    return warmup ? warmupCpuMsPerCall(warmup.run, warmup.figures) : null;
  };
  const rest = cpuOf(pair.rest);
  const grpc = cpuOf(pair.grpc);
  if (rest === null || grpc === null || !(rest > 0 && grpc > 0)) return null;
  return Math.max(rest, grpc) / Math.min(rest, grpc);
}

/**
 * Why a trial of a run that adds one client for both measured its tools alone (`refusal`: why that
 * client cannot drive this spec), or undefined when it added that view or the run asked for the
 * tools alone.
 */
export function toolsAloneOf(views: Pick<ClientViews, "equal">, refusal: string | null): TrialMeasures["toolsAlone"] {
  if (!views.equal) return undefined;
  return refusal === null ? undefined : { because: "equal-view-unavailable", refusal };
}

/**
 * Successful calls of a warm-up, its rate and median latency: what the slices are sized from.
 * Only the calls completed within the warm-up count: those that complete while the tool drains
 * after it would overstate the rate (by up to the in-flight count per warm-up).
 */
function warmupFigures(samples: readonly ClientSample[], warmupMs: number): WarmupFigures {
  const ok = samples.filter((s) => s.ok && s.endMs < warmupMs);
  if (ok.length === 0 || !(warmupMs > 0)) return { rps: null, p50Ms: null };
  const histogram = createLatencyHistogram();
  for (const s of ok) histogram.record(s.latencyUs);
  return { rps: ok.length / (warmupMs / 1000), p50Ms: histogram.summary().p50 };
}

/** A count-mode slice holds at least this many rounds of the in-flight count. */
const IN_FLIGHT_ROUNDS_PER_SLICE = 8;

/**
 * Count mode: as many slices as hold MIN_CALLS_PER_SLICE calls each, IN_FLIGHT_ROUNDS_PER_SLICE
 * rounds of the in-flight count, and MIN_SLICE_MS of the time cap (each slice is a tool run of
 * its own, that starts and opens its connections), or one block. The rounds matter because a
 * count run's last in-flight round completes with fewer and fewer calls still in flight: in a
 * slice of a few rounds that wind-down would be much of what is measured.
 */
function countSlicePlan(requests: number, connections: number, capMs: number): SlicePlan {
  const count = Math.min(
    MAX_SLICES,
    Math.floor(requests / MIN_CALLS_PER_SLICE),
    Math.floor(requests / (IN_FLIGHT_ROUNDS_PER_SLICE * connections)),
    Math.floor(capMs / MIN_SLICE_MS),
  );
  return { count: count >= MIN_SLICES ? count : 1, lengthMs: 0, leadMs: 0 };
}

/**
 * A slice's calls per second per server core: 1,000,000 / the server's CPU ms per 1,000 calls
 * over the slice's run (its counters read just before and after it, when no other stack ran).
 */
function sliceCapacity(slice: { before: ServerStatsSnapshot; after: ServerStatsSnapshot }): number | null {
  const { cpuMsPer1000 } = serverDelta(slice.before, slice.after, false);
  return cpuMsPer1000 !== null && cpuMsPer1000 > 0 ? 1_000_000 / cpuMsPer1000 : null;
}

/** The per-slice figures the paired interval reads: p50 and p99 only where a slice holds enough calls. */
function sliceFiguresOf(slices: TrialStack["slices"]): SliceFigures {
  const figures: Required<SliceFigures> = { calls: [], p50Ms: [], p99Ms: [], rps: [], capacity: [] };
  for (const slice of slices) {
    const { samples, window } = slice;
    figures.capacity.push(sliceCapacity(slice));
    const histogram = createLatencyHistogram();
    let calls = 0;
    for (const s of samples) {
      if (!s.ok || s.endMs < window.startMs || s.endMs >= window.endMs) continue;
      histogram.record(s.latencyUs);
      calls++;
    }
    const summary = histogram.summary();
    const seconds = (window.endMs - window.startMs) / 1000;
    figures.calls.push(calls);
    figures.p50Ms.push(calls >= MIN_SAMPLES_PER_BATCH.p50Ms ? summary.p50 : null);
    figures.p99Ms.push(calls >= MIN_SAMPLES_PER_BATCH.p99Ms ? summary.p99 : null);
    figures.rps.push(seconds > 0 ? calls / seconds : 0);
  }
  return figures;
}

/** The slices' generator CPU as one figure: the mean over equally long slices. */
function meanCpu(runs: readonly LoadRun[]): GeneratorCpu {
  const first = runs[0]!.cpu;
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  // Over the window only when every slice's was.
  const overWindow = runs.every((r) => r.cpu.overWindow === true) ? { overWindow: true } : {};
  if (first.threads === "one") {
    const ones = runs
      .map((r) => r.cpu)
      .filter((c): c is Extract<GeneratorCpu, { threads: "one" }> => c.threads === "one");
    return {
      threads: "one",
      coreFraction: mean(ones.map((c) => c.coreFraction)),
      eventLoopUtilization: mean(ones.map((c) => c.eventLoopUtilization)),
      ...overWindow,
    };
  }
  const many = runs
    .map((r) => r.cpu)
    .filter((c): c is Extract<GeneratorCpu, { threads: "many" }> => c.threads === "many");
  const cores = many.map((c) => c.cores);
  return {
    threads: "many",
    cores: cores.some((c) => c === null) ? null : mean(cores as number[]),
    machineCores: first.machineCores,
    ...overWindow,
  };
}

/** The request counts two facts of one kind both carry, added up. */
function summedCounts(a: object, b: object): Record<string, number> {
  const sums: Record<string, number> = {};
  for (const key of ["requests", "plannedRequests"]) {
    const [x, y] = [(a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]];
    if (typeof x === "number" && typeof y === "number") sums[key] = x + y;
  }
  return sums;
}

/**
 * The facts of every slice's run, each kind once: the first slice's words stand for the rest,
 * with the requests a kind counts (dropped in flight, unaccounted...) added up over the slices.
 */
function distinctFacts(runs: readonly LoadRun[]): LoadRun["facts"] {
  const byKind = new Map<string, LoadRun["facts"][number]>();
  for (const fact of runs.flatMap((r) => r.facts)) {
    const first = byKind.get(fact.kind);
    if (!first) byKind.set(fact.kind, fact);
    else byKind.set(fact.kind, { ...first, ...summedCounts(first, fact) });
  }
  return [...byKind.values()];
}

async function runSlice(stack: TrialStack, slicePlan: SlicePlan, slice: number, context: EngineContext): Promise<void> {
  const { spec } = stack.plan;
  const before = await readStats(stack.stats);
  let run: LoadRun;
  let window: MeasuredSlice["window"];
  if (spec.requests) {
    // As in a block: one extra call per in-flight slot carries its connection's handshake.
    const calls = callsPerSlice(spec.requests, slicePlan.count)[slice]!;
    const boundMs = countRunBoundMs(spec, stack.countCapMs, calls);
    run = await stack.generator.run(loadPlanOf(stack.plan, context, boundMs, calls + spec.connections));
    window = windowOfSamples(run.samples, spec.connections);
  } else {
    // The tail lets calls in flight at the window's end complete and covers a tool whose clock
    // starts before its first call (ghz dials first); a lead-in's worth is enough for both.
    const { leadMs, lengthMs } = slicePlan;
    run = await stack.generator.run(loadPlanOf(stack.plan, context, leadMs + lengthMs + leadMs));
    window = { startMs: leadMs, endMs: leadMs + lengthMs };
  }
  const after = await readStats(stack.stats);
  const kept = clipWindow(window, run.completeUntilMs);
  // The slice's own process: its CPU over its window alone, not its start-up and lead-in.
  stack.slices.push({ samples: run.samples, window: kept, run: withWindowCpu(run, kept), before, after });
}

function measureOf(stack: TrialStack): ProtocolMeasure {
  const { plan } = stack;
  const joined = joinSlices(stack.slices);
  const runs = stack.slices.map((s) => s.run);
  const kept = joined.samples.length;
  const all = runs.reduce((n, r) => n + r.samples.length, 0);
  const snapshots = joinedSnapshots(stack.slices);
  const { tool } = stack.generator;
  const capped = plan.spec.requests ? timeCapFacts(tool, runs, kept, plan.spec, stack.countCapMs) : [];
  return assembleMeasure(plan, {
    tool,
    run: {
      samples: joined.samples,
      connections: Math.max(...runs.map((r) => r.connections)),
      inFlight: Math.max(...runs.map((r) => r.inFlight)),
      cpu: meanCpu(runs),
      completeUntilMs: Infinity,
      facts: [...distinctFacts(runs), ...capped],
      // Every slice of a side is driven alike: one client record speaks for them.
      ...(runs[0]?.client ? { client: runs[0].client } : {}),
    },
    window: joined.window,
    complete: joined.window,
    server: serverDelta(snapshots.before, snapshots.after, plan.workload.usesCache),
    discarded: stack.warmupSamples + (all - kept),
    ...(stack.slices.length > 1 ? { slices: sliceFiguresOf(stack.slices) } : {}),
  });
}

/** A trial's warm-ups by stack: the run (its CPU over the calls counted) and the figures the slices are sized from. */
type Warmups = Map<TrialStack, { run: LoadRun | null; figures: WarmupFigures }>;

/** What every step of one trial shares. */
interface TrialState {
  context: EngineContext;
  signal: AbortSignal | undefined;
  warmups: Warmups;
  /** The compared pair, whose own warm-ups size the slices; absent: every stack's. */
  pair?: ClientViews["pair"];
}

/**
 * Every stack of one trial of one cell, interleaved: `plans` in the trial's order (the order of
 * the first round). Returns each stack's measure.
 */
export async function measureInterleavedTrial(
  plans: readonly ProtocolRunPlan[],
  context: EngineContext,
  hooks: InterleavedTrialHooks,
  onEvent: (e: RunEvent) => void,
  views?: ClientViews,
): Promise<TrialMeasures> {
  const trial: TrialState = {
    context,
    signal: plans[0]?.signal,
    warmups: new Map(),
    ...(views ? { pair: views.pair } : {}),
  };
  const { signal } = trial;
  const stacks: TrialStack[] = plans.map((plan) => trialStackOf(plan, "tools", context));
  const stopSamples: Array<() => void> = [];
  let cpuFactor: number | null = null;
  let toolsAlone: TrialMeasures["toolsAlone"];
  try {
    for (const stack of stacks) {
      if (signal?.aborted) throw new RunCancelledError();
      hooks.onStackStart(stack.plan);
      // The peak RSS is the trial's: warm-up and every slice.
      await readStats(stack.stats, { resetPeakRss: true });
      stopSamples.push(startLiveSamples(stack.stats, stack.plan, onEvent));
      await warmUp(stack, trial);
    }
    cpuFactor = views ? warmupCpuFactor(views.pair, stacks, trial.warmups) : null;
    if (views) toolsAlone = await addEqualView(plans, views, stacks, trial);
    await runSlices(stacks, trial);
    // A cancelled run stops its tool early; what it measured is not a result.
    if (signal?.aborted) throw new RunCancelledError();
  } finally {
    for (const stop of stopSamples) stop();
  }
  const ofView = (view: TrialStack["view"]) =>
    new Map(stacks.filter((s) => s.view === view).map((stack) => [stackOf(stack.plan), measureOf(stack)]));
  const equalClients = ofView("equal");
  return {
    measures: ofView("tools"),
    ...(equalClients.size > 0 ? { equalClients } : {}),
    ...(cpuFactor !== null ? { toolsCpuFactor: cpuFactor } : {}),
    ...(toolsAlone ? { toolsAlone } : {}),
  };
}

function trialStackOf(plan: ProtocolRunPlan, view: TrialStack["view"], context: EngineContext): TrialStack {
  // A workload with a load of its own runs with that rate and those connections, on every side.
  const withLoad = { ...plan, spec: specForWorkload(plan.spec, plan.workload.id) };
  const stack = stackOf(withLoad);
  return {
    plan: withLoad,
    view,
    // From the run's spec as it is (before the workload's own load): a share of the whole run's time.
    countCapMs: plan.spec.requests ? countCapOf(plan) : 0,
    generator: view === "equal" ? equalClientGenerator : generatorForRun(context.generators, stack, withLoad.spec),
    stats: stackStats(context.targets, stack),
    warmupSamples: 0,
    slices: [],
  };
}

async function warmUp(stack: TrialStack, { context, signal, warmups }: TrialState): Promise<void> {
  if (signal?.aborted) throw new RunCancelledError();
  const { warmupMs } = stack.plan.spec;
  const whole = warmupMs > 0 ? await stack.generator.run(loadPlanOf(stack.plan, context, warmupMs)) : null;
  stack.warmupSamples = whole?.samples.length ?? 0;
  // Its CPU over the calls the figures count, as the slices' is (the tools' factor compares the
  // two): up to its last call at most, since ghz and h2load start their clocks before their first
  // call and stop calling before warmupMs (ghz then builds its report).
  const lastEndMs = (whole?.samples ?? []).reduce((last, s) => Math.max(last, s.endMs), 0);
  const run = whole && withWindowCpu(whole, { startMs: 0, endMs: Math.min(warmupMs, lastEndMs) });
  warmups.set(stack, { run, figures: warmupFigures(whole?.samples ?? [], warmupMs) });
}

/**
 * Equal clients add their view where the spec asked for it before the run (ClientViews) and h2load
 * can drive this spec (found at start-up: a machine without it keeps the tools' view alone, and
 * their warning). Adds the pair's equal-client stacks to `stacks`, warmed up; returns why the trial
 * measured its tools alone, when it did.
 */
async function addEqualView(
  plans: readonly ProtocolRunPlan[],
  views: ClientViews,
  stacks: TrialStack[],
  trial: TrialState,
): Promise<TrialMeasures["toolsAlone"]> {
  const trialSpec = stacks[0]!.plan.spec;
  if (trialSpec.clients === "equal" || !views.equal) return undefined;
  const toolsAlone = toolsAloneOf(views, equalViewRefusal(trialSpec, trial.context));
  if (!toolsAlone) {
    // The pair's two servers, in the trial's own order of the pair (so it rotates from trial to
    // trial as the tools' does, and one server's two clients never run back to back within a
    // round); already warm and sampled live by their tools' views: only the client warms up.
    const pairPlans = plans.filter((plan) => [views.pair.rest, views.pair.grpc].includes(stackOf(plan)));
    for (const plan of pairPlans) {
      const equal = trialStackOf(plan, "equal", trial.context);
      stacks.push(equal);
      await warmUp(equal, trial);
    }
  }
  return toolsAlone;
}

/**
 * The stacks whose warm-ups size the slices: the compared pair's (both views), so a slow stack of
 * the layer walk (a meteorites.get on Flask) does not stretch the pair's slices into one block:
 * its own slices may then hold too few calls for an interval, and its comparisons say so.
 */
function sizingStacks(stacks: readonly TrialStack[], pair: ClientViews["pair"] | undefined): readonly TrialStack[] {
  if (!pair) return stacks;
  const ofPair = stacks.filter((s) => stackOf(s.plan) === pair.rest || stackOf(s.plan) === pair.grpc);
  return ofPair.length > 0 ? ofPair : stacks;
}

/** The trial's window: round after round, each stack one slice, in the round's order (slices.ts roundOrder). */
async function runSlices(stacks: readonly TrialStack[], { context, signal, warmups, pair }: TrialState): Promise<void> {
  const { spec } = stacks[0]!.plan;
  const slicePlan = spec.requests
    ? countSlicePlan(spec.requests, spec.connections, stacks[0]!.countCapMs)
    : planSlices(
        spec.durationMs,
        sizingStacks(stacks, pair).map((s) => warmups.get(s)!.figures),
        spec.trials >= TRIALS_FOR_LAUNCH_SLICES ? SLICES_PER_LAUNCH : MAX_SLICES,
      );
  for (let round = 0; round < slicePlan.count; round++) {
    for (const stack of roundOrder(stacks, round)) {
      if (signal?.aborted) throw new RunCancelledError();
      await runSlice(stack, slicePlan, round, context);
    }
  }
}
