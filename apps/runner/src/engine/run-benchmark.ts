import { newRunId } from "@relix/core/ids/run-id";
import { numericGrid, type CallerCostsRecord, type CellResult, type RunResult, type RunSpec } from "@relix/core";
import type { EngineContext } from "./engine-context";
import { callerCostsForRun } from "./assemble/caller-costs";
import { assembleResult } from "./assemble/result-assembly";
import type { PrimingRounds } from "./launch/jit-priming";
import { launchRun } from "./launch/launch-run";
import { readyRun } from "./launch/ready-run";
import { trialLaunches } from "./launch/trial-launches";
import { measurePlacements } from "./measure/measure-placements";
import type { SweepDriverOptions } from "./measure/sweep-driver";
import { planRun, type RunPlan } from "./plan/plan-run";
import type { RunBenchmark, RunEvent, RunOptions } from "./run-events";

export { AllPlacementsRefusedError } from "./measure/measure-placements";

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

/**
 * The engine, one stage a room: plan (the spec resolved once, every refusal that needs nothing
 * started), launch (the emulator, the services, other runtimes, pinning), ready (every cell's
 * answers checked on every stack, JVM code compiled), measure (each placement in turn, its cells'
 * trials, each trial on a launch of the servers of its own, started and readied again as the
 * first), assemble (statistics, findings' facts, the result with its launches). What was
 * launched is stopped however the run ends.
 */
export async function runBenchmark(requested: RunSpec, options: EngineRunOptions): Promise<RunResult> {
  const { signal, onEvent = () => {} } = options;
  const plan = planRun(requested, options.context, { ...(options.sweep ? { sweep: options.sweep } : {}), onEvent });
  const launched = await launchRun(plan, {
    context: options.context,
    ...(options.services ? { services: options.services } : {}),
    ...(signal ? { signal } : {}),
    onEvent,
  });
  try {
    const ready = await readyRun(plan, launched, {
      ...(signal ? { signal } : {}),
      onEvent,
      ...(options.primingRounds ? { primingRounds: options.primingRounds } : {}),
    });
    const launches = trialLaunches(launched, {
      context: launched.context,
      plan: launchPlanOf(plan),
      ...(signal ? { signal } : {}),
      onEvent,
      ...(options.primingRounds ? { primingRounds: options.primingRounds } : {}),
    });
    const measured = await measurePlacements(plan, launched, ready, {
      ...(signal ? { signal } : {}),
      onEvent,
      ...(options.countWindowCapMs === undefined ? {} : { countWindowCapMs: options.countWindowCapMs }),
      launches,
    });
    onEvent({ type: "phase", phase: "aggregating", message: "computing confidence intervals" });
    const result = assembleResult({
      id: options.runId ?? newRunId(),
      createdAt: launched.createdAt,
      finishedAt: new Date().toISOString(),
      spec: plan.spec,
      environment: launched.environment,
      cells: measured.cells,
      servicesWarnings: launched.services.warnings,
      runFacts: [
        ...launched.pinning.facts,
        ...(ready.primed ? [ready.primed] : []),
        ...plan.missingEqualViews,
        ...measured.facts,
      ],
      placements: measured.placements,
      ...(measured.emulatorOverhead ? { emulatorOverhead: measured.emulatorOverhead } : {}),
      ...(plan.sweep ? { sweep: plan.sweep.result(measured.cells) } : {}),
      ...callerCostsOfRun(measured.cells, launched.context.env),
    });
    return { ...result, launches: launches.records() };
  } finally {
    await launched.stop();
  }
}

export type { RunEvent };

/** What decides how many launches the run makes (launch/trial-launches.ts). */
function launchPlanOf({ spec, placements }: RunPlan) {
  return {
    trials: spec.trials,
    placements: placements.length,
    sweepPoints: spec.sweep ? numericGrid(spec.sweep).length : 1,
  };
}

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
