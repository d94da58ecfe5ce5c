import { newRunId } from "@relix/core/ids/run-id";
import type { CallerCostsRecord, CellResult, RunResult, RunSpec } from "@relix/core";
import type { EngineContext } from "./engine-context";
import { callerCostsForRun } from "./assemble/caller-costs";
import { assembleResult } from "./assemble/result-assembly";
import type { PrimingRounds } from "./launch/jit-priming";
import { launchRun } from "./launch/launch-run";
import { readyRun } from "./launch/ready-run";
import { measurePlacements } from "./measure/measure-placements";
import type { SweepDriverOptions } from "./measure/sweep-driver";
import { planRun } from "./plan/plan-run";
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
 * trials), assemble (statistics, findings' facts, the result). What was launched is stopped
 * however the run ends.
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
    const measured = await measurePlacements(plan, launched, ready, {
      ...(signal ? { signal } : {}),
      onEvent,
      ...(options.countWindowCapMs === undefined ? {} : { countWindowCapMs: options.countWindowCapMs }),
    });
    onEvent({ type: "phase", phase: "aggregating", message: "computing confidence intervals" });
    return assembleResult({
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
  } finally {
    await launched.stop();
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
