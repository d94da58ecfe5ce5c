// After the launch, before any trial: every cell's answers checked on every stack (the same data,
// the cache primed) and the JVM stacks' code compiled under load, so no trial measures the compiler.
import { isDefaultPair } from "@relix/core/stacks/stack-pair";
import { formatInt } from "@relix/core/render/format";
import type { RunPlan } from "../plan/plan-run";
import { RunCancelledError, type RunEvent } from "../run-events";
import { primeCompilingStacks, type JitPrimedFact, type PrimingRounds } from "./jit-priming";
import type { LaunchedRun } from "./launch-run";
import { preflight, type PayloadSizes } from "./preflight";

export interface ReadyRun {
  /** Each cell's body sizes, from its preflight (none for a sweep, which checks at each point). */
  sizes: PayloadSizes[];
  primed: JitPrimedFact | null;
}

export async function readyRun(
  plan: RunPlan,
  launched: LaunchedRun,
  options: { signal?: AbortSignal; onEvent: (event: RunEvent) => void; primingRounds?: PrimingRounds },
): Promise<ReadyRun> {
  const { spec, stacks, cells, pair, requestsByWorkload } = plan;
  const { signal, onEvent } = options;
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
  for (const cell of plan.sweep ? [] : cells) {
    if (signal?.aborted) throw new RunCancelledError();
    const requests = requestsByWorkload.get(cell.workload.id)!;
    sizes.push(
      await preflight(launched.context.targets, cell.workload, requests, cell.cacheMode, signal, stacks, pair),
    );
  }
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
    launched.context,
  );
  return { sizes, primed };
}
