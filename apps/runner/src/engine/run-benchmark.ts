import { newRunId } from "@relix/core/ids/run-id";
import { PIN_CORES_BY_DEFAULT, placementName, runFactFinding, sweepListsApplied } from "@relix/core";
import type {
  CallerCostsRecord,
  CellResult,
  EmulatorOverhead,
  Placement,
  PlacementRecord,
  RunFact,
  RunResult,
  RunSpec,
} from "@relix/core";
import { pinForRun, type RunPinning } from "./launch/run-pinning";
import type { EngineContext } from "./engine-context";
import { measureEmulatorOverhead } from "./network/emulator-overhead";
import { describeEnvironment, toolVersions, withEmulatorVersion } from "./assemble/environment";
import { measurePlacementCells, paramsOf, type RunProgress } from "./measure/placement-cells";
import { loopbackRecord, startNetworkEmulator, type NetworkEmulator } from "./network/placement-session";
import { preflight, type PayloadSizes } from "./launch/preflight";
import { callerCostsForRun } from "./assemble/caller-costs";
import { assembleResult } from "./assemble/result-assembly";
import { RunCancelledError, type RunBenchmark, type RunEvent, type RunOptions } from "./run-events";
import { estimatedMeasuringMs, planCells, runPair, runStacks } from "./plan/run-plan";
import { checkStacksDrivable, checkStacksServed, checkStacksServeWorkloads } from "./launch/stack-availability";
import { startRuntimeServices, type RuntimeServices } from "./launch/runtime-services";
import { isDefaultStack } from "./plan/stack-table";
import { isDefaultPair } from "@relix/core/stacks/stack-pair";
import { formatInt } from "@relix/core/render/format";
import { primeCompilingStacks, type PrimingRounds } from "./launch/jit-priming";
import { createSweepDriver, type SweepDriverOptions } from "./measure/sweep-driver";
import { ensureServices } from "./launch/service-manager";
import { chooseEmulator } from "./network/emulator-choice";
import { openRunToRun } from "./assemble/run-to-run-file";
import { equalViewsUnavailable } from "./plan/equal-view-refusal";

/** What runBenchmark needs besides the spec: its caller's context (read at start-up) and the run's options. */
export interface EngineRunOptions extends RunOptions {
  context: EngineContext;
  /** A sweep's own limits (the refinement search's time budget). */
  sweep?: SweepDriverOptions;
  /**
   * Count mode: every side's time cap in a trial, replacing the share of the run's limit the spec
   * gives (@relix/core presets/count-window-cap.ts): for tests, which cannot wait for minutes.
   */
  countWindowCapMs?: number;
  /** Shorter JVM priming rounds (jit-priming.ts); tests set it, every run has the defaults. */
  primingRounds?: PrimingRounds;
}

/** The engine bound to its caller's context: what the CLI and the runner service hand around. */
export function createRunBenchmark(context: EngineContext): RunBenchmark {
  return (spec, options = {}) => runBenchmark(spec, { ...options, context });
}

/** Raised when every placement of a run was refused: nothing was measured. */
export class AllPlacementsRefusedError extends Error {
  constructor(readonly placements: PlacementRecord[]) {
    super(
      `every network placement was refused, nothing was measured: ${placements.map((p) => `${p.name}: ${p.reason ?? "refused"}`).join("; ")}`,
    );
    this.name = "AllPlacementsRefusedError";
  }
}

/**
 * The engine: services up, every stack of the spec served, preflight every cell (the same answers
 * on every stack, cache primed), then each network placement in turn (set up and verified once,
 * its cells within it), each cell's trials with the stack order rotating, then statistics. The network emulator, when a
 * placement needs one, lives for the run and is stopped however the run ends.
 */
export async function runBenchmark(requested: RunSpec, options: EngineRunOptions): Promise<RunResult> {
  // A sweep's list axes are the run's own lists.
  const spec = sweepListsApplied(requested);
  const sweep = spec.sweep ? createSweepDriver(spec, options.sweep) : undefined;
  const { signal, onEvent = () => {} } = options;
  // Before anything starts: a stack asked for a workload it does not serve refuses the run, naming
  // both, and so does a stack without a generator that can drive every cell's load.
  const stacks = runStacks(spec);
  const cells = planCells(spec);
  checkStacksServeWorkloads(cells, stacks);
  checkStacksDrivable(spec, cells, stacks, options.context.generators, options.context.tools);
  // Said now, not after minutes of services, preflight and priming: a promised second view that cannot be had.
  const missingEqualViews = equalViewsUnavailable(
    spec,
    cells.map((c) => c.workload.id),
    options.context,
  );
  for (const fact of missingEqualViews) onEvent({ type: "warning", message: runFactFinding(fact).text });
  // The emulator first: a packet link's address is where the services must listen (emulator-choice.ts).
  const choice = await chooseEmulator(spec, options.context, { servicesHandedIn: options.services !== undefined });
  for (const message of choice.swept) onEvent({ type: "warning", message });
  const context = choice.packet?.context ?? options.context;
  const { targets } = context;
  const createdAt = new Date().toISOString();
  const checkCancelled = () => {
    if (signal?.aborted) throw new RunCancelledError();
  };

  onEvent({ type: "phase", phase: "services", message: "checking the REST and gRPC services" });
  let emulator: NetworkEmulator | undefined = choice.packet?.emulator;
  const services =
    options.services ??
    (await ensureServices(targets, {
      env: context.env,
      signal,
      log: (message) => onEvent({ type: "phase", phase: "services", message }),
    }).catch(async (error: unknown) => {
      await emulator?.stop().catch(() => {});
      // ensureServices stops with the signal's AbortError: report it as a cancelled run, like every other phase.
      if (signal?.aborted) throw new RunCancelledError();
      throw error;
    }));
  let pinning: RunPinning | undefined;
  let runtimes: RuntimeServices | undefined;
  try {
    for (const message of services.warnings) onEvent({ type: "warning", message });
    const pair = runPair(spec);
    // The Java and Python servers the run asks for, started for this run beside the Node services
    // (before the pinning, which places them with the services).
    runtimes = await startRuntimeServices(targets, stacks, {
      services,
      env: context.env,
      ...(signal ? { signal } : {}),
      log: (message) => onEvent({ type: "phase", phase: "services", message }),
    }).catch((error: unknown) => {
      if (signal?.aborted) throw new RunCancelledError();
      throw error;
    });
    const runtimePids = Object.values(runtimes.startedPids);
    pinning = await pinForRun(
      spec.pinCores ?? PIN_CORES_BY_DEFAULT,
      runtimePids.length > 0 ? { pids: [...(services.pids ?? []), ...runtimePids] } : services,
      context.env,
    );
    const placements: Placement[] = spec.network ?? ["loopback"];
    const emulated = placements.filter((p) => placementName(p) !== "loopback");
    if (emulated.length > 0 && !emulator) {
      onEvent({ type: "phase", phase: "services", message: "starting the network emulator (Toxiproxy)" });
      if (choice.proxyReason)
        onEvent({ type: "warning", message: `Toxiproxy, not packet level: ${choice.proxyReason}` });
      emulator = await startNetworkEmulator(context.env, choice.proxyReason);
    }
    const environment = withEmulatorVersion(
      {
        ...describeEnvironment(services, await toolVersions(context.generators, context)),
        cpuLayout: pinning.layout,
      },
      emulator,
    );

    // Before any preflight: a stack the services do not serve refuses the run, naming it (the
    // default two were checked with the services).
    const extraStacks = stacks.filter((stack) => !isDefaultStack(stack));
    await checkStacksServed(targets, extraStacks, {
      startedPids: runtimes.startedPids,
      ...(signal ? { signal } : {}),
    }).catch((error: unknown) => {
      if (signal?.aborted) throw new RunCancelledError();
      throw error;
    });
    const params = paramsOf(spec);
    const requestsByWorkload = new Map(cells.map((c) => [c.workload.id, c.workload.requests(params)]));

    // Direct, once per cell, whatever the placements: the answers do not depend on the path.
    onEvent({
      type: "phase",
      phase: "preflight",
      message:
        stacks.length > 2
          ? `checking every stack (${stacks.join(", ")}) returns the same data as ${pair.grpc}`
          : isDefaultPair(pair)
            ? "checking REST and gRPC return the same data"
            : `checking ${pair.rest} and ${pair.grpc} return the same data`,
    });
    const sizes: PayloadSizes[] = [];
    // A sweep checks the answers at each of its points instead: they change with the knobs.
    for (const cell of sweep ? [] : cells) {
      checkCancelled();
      sizes.push(
        await preflight(
          targets,
          cell.workload,
          requestsByWorkload.get(cell.workload.id)!,
          cell.cacheMode,
          signal,
          stacks,
          pair,
        ),
      );
    }

    // The JVM stacks' code compiled before any trial (jit-priming.ts), so no trial measures the compiler.
    const primed = await primeCompilingStacks(
      {
        spec,
        stacks,
        cells,
        requestsByWorkload,
        ...(signal ? { signal } : {}),
        ...(options.primingRounds ? { rounds: options.primingRounds } : {}),
        onRound: (stack, cell, round, rps) =>
          onEvent({
            type: "phase",
            phase: "measuring",
            message: `priming ${stack}'s compiled code on ${cell.workload.id}${cell.resultCacheMode === "none" ? "" : ` (${cell.resultCacheMode})`}: round ${round}, ${formatInt(rps)} calls/s`,
          }),
      },
      context,
    );

    let emulatorOverhead: EmulatorOverhead | undefined;
    const runsPerPlacement = sweep?.runsPerPlacement(cells.length) ?? cells.length * spec.trials * stacks.length;
    onEvent({
      type: "phase",
      phase: "measuring",
      message: `${placements.length > 1 ? `${placements.length} placements x ` : ""}${cells.length} cells x ${spec.trials} trials x ${stacks.length > 2 ? `${stacks.length} stacks` : "2 protocols"}${isDefaultPair(pair) ? "" : `, headline ${pair.rest} vs ${pair.grpc}`}`,
    });
    const progress: RunProgress = {
      index: 0,
      total: placements.length * runsPerPlacement,
      pairIndex: 0,
      measuringStarted: performance.now(),
      estimateMs: estimatedMeasuringMs(spec, cells.length),
    };
    const records: PlacementRecord[] = [];
    const runFacts: RunFact[] = [...pinning.facts, ...(primed ? [primed] : []), ...missingEqualViews];
    const runToRun = await openRunToRun(context.runToRunFile, spec);
    if (runToRun?.warning) onEvent({ type: "warning", message: runToRun.warning });
    const results: CellResult[] = [];
    for (const placement of placements) {
      checkCancelled();
      const name = placementName(placement);
      const opened =
        name === "loopback" || !emulator
          ? { record: await loopbackRecord(), path: null }
          : await emulator.open(placement, targets);
      records.push(opened.record);
      if (opened.record.status === "refused") {
        const reason = opened.record.reason ?? "refused";
        onEvent({ type: "warning", message: `placement ${name} refused, its cells are skipped: ${reason}` });
        runFacts.push({
          kind: "placement-refused",
          placement: name,
          targetRttMs: opened.record.targetRttMs,
          measuredRttMs: opened.record.measuredRttMs,
          reason,
        });
        progress.total -= runsPerPlacement;
        sweep?.placementRefused(name, cells);
        continue;
      }
      try {
        // Once per run, and only once a placement is to be measured through the emulator.
        if (emulator && opened.path && !emulatorOverhead) {
          onEvent({
            type: "phase",
            phase: "measuring",
            message: "the emulator's own cost: noop direct and through it",
          });
          emulatorOverhead = await measureEmulatorOverhead(spec, context, emulator, signal);
        }
        onEvent({
          type: "phase",
          phase: "measuring",
          message: `placement ${name}: ${opened.record.measuredRttMs} ms round trip measured (target ${opened.record.targetRttMs} ms)`,
        });
        const plan = {
          placement: name,
          cells,
          ...(runToRun ? { runToRun: runToRun.lookup } : {}),
          ...(opened.path ? { loadTargets: opened.path.loadTargets, emulator: opened.record.emulator } : {}),
          ...(options.countWindowCapMs === undefined ? {} : { countWindowCapMs: options.countWindowCapMs }),
          ...(signal ? { signal } : {}),
        };
        results.push(
          ...(sweep
            ? await sweep.measurePlacement(plan, progress, context, onEvent)
            : await measurePlacementCells({ ...plan, spec, sizes, requestsByWorkload }, progress, context, onEvent)),
        );
      } finally {
        await opened.path?.close();
      }
    }
    if (records.every((r) => r.status === "refused")) throw new AllPlacementsRefusedError(records);
    const emulatedNames = records.filter((r) => r.emulator !== "none" && r.status === "measured").map((r) => r.name);
    if (emulator?.name === "toxiproxy" && emulatedNames.length > 0) {
      runFacts.push({ kind: "tcp-proxy-emulation", emulator: emulator.name, placements: emulatedNames });
    }

    if (runToRun) runFacts.push(runToRun.fact());
    onEvent({ type: "phase", phase: "aggregating", message: "computing confidence intervals" });
    return assembleResult({
      id: options.runId ?? newRunId(),
      createdAt,
      finishedAt: new Date().toISOString(),
      spec,
      environment,
      cells: results,
      servicesWarnings: services.warnings,
      runFacts,
      placements: records,
      ...(emulatorOverhead ? { emulatorOverhead } : {}),
      ...(sweep ? { sweep: sweep.result(results) } : {}),
      ...callerCostsOfRun(results, context.env),
    });
  } finally {
    // A failed stop must not keep the pinning and the services from being released too.
    await emulator?.stop().catch(() => {});
    await pinning?.release();
    // Before the services: their backends may stop with them, and these servers read those backends.
    await runtimes?.stop().catch(() => {});
    if (!options.services) await services.stop();
  }
}

export type { RunEvent };

/** The caller costs for the workloads the run measured, from this machine's `pnpm bench:codecs` (if any). */
function callerCostsOfRun(
  cells: readonly CellResult[],
  env: EngineContext["env"],
): { callerCosts?: CallerCostsRecord } {
  const found = callerCostsForRun(
    cells.map((cell) => cell.workload),
    env,
  );
  return found.record ? { callerCosts: found.record } : {};
}
