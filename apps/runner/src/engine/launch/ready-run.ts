// After a launch, before its trials: every cell's answers checked on every stack (the same data,
// the cache primed) and the JVM stacks' code compiled under load, so no trial measures the
// compiler. The run's first launch is readied here; each later one the same way (trial-launches.ts).
import { isDefaultPair } from "@relix/core/stacks/stack-pair";
import { formatInt } from "@relix/core/render/format";
import type { EngineContext } from "../engine-context";
import type { RunPlan } from "../plan/plan-run";
import { RunCancelledError, type RunEvent } from "../run-events";
import { primeCompilingStacks, type JitPrimedFact, type PrimingRounds } from "./jit-priming";
import type { LaunchedRun } from "./launch-run";
import { preflight, type PayloadSizes } from "./preflight";
import type { LaunchCells } from "./trial-launch-contract";

export interface ReadyRun {
  /** Each cell's body sizes, from its preflight (none for a sweep, which checks at each point). */
  sizes: PayloadSizes[];
  primed: JitPrimedFact | null;
}

export interface ReadyOptions {
  signal?: AbortSignal;
  onEvent: (event: RunEvent) => void;
  primingRounds?: PrimingRounds;
}

export async function readyRun(plan: RunPlan, launched: LaunchedRun, options: ReadyOptions): Promise<ReadyRun> {
  const { stacks, pair } = plan;
  options.onEvent({
    type: "phase",
    phase: "preflight",
    message:
      stacks.length > 2
        ? `checking every stack (${stacks.join(", ")}) returns the same data as ${pair.grpc}`
        : isDefaultPair(pair)
          ? "checking REST and gRPC return the same data"
          : `checking ${pair.rest} and ${pair.grpc} return the same data`,
  });
  // A sweep checks the answers at each of its points instead: they change with the knobs.
  const sizes = plan.sweep ? [] : await checkAnswers(plan, launched.context, options.signal);
  const primed = await primeLaunch(plan, launched.context, options);
  return { sizes, primed };
}

/**
 * A later launch readied as the first was: its answers checked again (which also fills a cache
 * that lives in the server's own process, gone with the old one) and its JVM code compiled again.
 */
export async function readyLaunch(cells: LaunchCells, context: EngineContext, options: ReadyOptions): Promise<void> {
  await checkAnswers(cells, context, options.signal);
  await primeLaunch(cells, context, options);
}

/** Direct, once per cell, whatever the placements: the answers do not depend on the path. */
async function checkAnswers(
  { stacks, cells, pair, requestsByWorkload }: LaunchCells,
  context: EngineContext,
  signal: AbortSignal | undefined,
): Promise<PayloadSizes[]> {
  const sizes: PayloadSizes[] = [];
  for (const cell of cells) {
    if (signal?.aborted) throw new RunCancelledError();
    const requests = requestsByWorkload.get(cell.workload.id)!;
    sizes.push(await preflight(context.targets, cell.workload, requests, cell.cacheMode, signal, stacks, pair));
  }
  return sizes;
}

/** The JVM stacks' code compiled on every cell, each round said as it ends; null when no stack needs it. */
function primeLaunch(
  { spec, stacks, cells, requestsByWorkload }: LaunchCells,
  context: EngineContext,
  { signal, onEvent, primingRounds }: ReadyOptions,
): Promise<JitPrimedFact | null> {
  return primeCompilingStacks(
    {
      spec,
      stacks,
      cells,
      requestsByWorkload,
      ...(signal ? { signal } : {}),
      ...(primingRounds ? { rounds: primingRounds } : {}),
      onRound: (stack, cell, round, rps) =>
        onEvent({
          type: "phase",
          phase: "measuring",
          message: `priming ${stack}'s compiled code on ${cell.workload.id}${cell.resultCacheMode === "none" ? "" : ` (${cell.resultCacheMode})`}: round ${round}, ${formatInt(rps)} calls/s`,
        }),
    },
    context,
  );
}
