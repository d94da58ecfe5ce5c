// Before measuring: each stack whose runtime compiles its code under load (the JVM) is run on each
// of the run's cells in rounds until its throughput stops rising (the rule and the evidence for it
// are in @relix/core stacks/jit-priming.ts). Each round is a plain run of the stack's own load
// generator at the cell's load (closed loop, at least 8 in flight), straight to the service; nothing of it is kept but the figures
// the result records (a "jit-primed" fact).
import { specForWorkload, type RunFact, type RunSpec, type StackId } from "@relix/core";
import {
  PRIME_MAX_ROUNDS,
  PRIME_ROUND_MS,
  primeInRounds,
  primingSettled,
  primingSpec,
  stacksToPrime,
} from "@relix/core/stacks/jit-priming";
import type { ClientSample } from "../../tools";
import type { EngineContext } from "../engine-context";
import { generatorForRun } from "../measure/generators/registry";
import { loadPlanOf } from "../measure/measure-protocol";
import { RunCancelledError } from "../run-events";
import type { PlannedCell } from "../plan/run-plan";
import { protocolOf } from "../plan/stack-table";

export type JitPrimedFact = Extract<RunFact, { kind: "jit-primed" }>;
export type PrimeRecord = JitPrimedFact["primes"][number];

export interface PrimingRounds {
  roundMs: number;
  maxRounds: number;
}

export interface PrimingPlan {
  spec: RunSpec;
  stacks: readonly StackId[];
  cells: readonly PlannedCell[];
  requestsByWorkload: ReadonlyMap<string, unknown[]>;
  signal?: AbortSignal;
  /** Shorter rounds for tests; absent: PRIME_ROUND_MS and PRIME_MAX_ROUNDS, as every run has them. */
  rounds?: PrimingRounds;
  /** Each round as it ends, for the progress line. */
  onRound?: (stack: StackId, cell: PlannedCell, round: number, rps: number) => void;
}

/** Successful calls per second completed within the round (those draining after it would overstate it). */
const roundRps = (samples: readonly ClientSample[], roundMs: number): number =>
  samples.filter((s) => s.ok && s.endMs < roundMs).length / (roundMs / 1000);

/** Primes every stack of the plan that needs it; null when none does (nothing was run). */
export async function primeCompilingStacks(plan: PrimingPlan, context: EngineContext): Promise<JitPrimedFact | null> {
  const { spec, signal } = plan;
  const { roundMs, maxRounds } = plan.rounds ?? { roundMs: PRIME_ROUND_MS, maxRounds: PRIME_MAX_ROUNDS };
  const primed = stacksToPrime(plan.stacks);
  if (primed.length === 0) return null;
  const primes: PrimeRecord[] = [];
  for (const cell of plan.cells) {
    // The cell's own load (a workload with a load of its own runs with it), closed loop, at least 8 in flight.
    const cellSpec = primingSpec(specForWorkload(spec, cell.workload.id));
    for (const stack of primed) {
      const protocolPlan = {
        stack,
        workload: cell.workload,
        cacheMode: cell.cacheMode,
        requests: plan.requestsByWorkload.get(cell.workload.id)!,
        spec: cellSpec,
        cell: {
          workload: cell.workload.id,
          cacheMode: cell.resultCacheMode,
          trial: 1,
          trials: 1,
          protocol: protocolOf(stack),
          stack,
          index: 1,
          total: 1,
        },
        ...(signal ? { signal } : {}),
      };
      // The generator the run drives this stack with (its tool, or the equal client in an equal
      // run), so priming needs nothing the run's own checks did not find.
      const generator = generatorForRun(context.generators, stack, cellSpec);
      let round = 0;
      const rpsByRound = await primeInRounds(async () => {
        if (signal?.aborted) throw new RunCancelledError();
        const run = await generator.run(loadPlanOf(protocolPlan, context, roundMs));
        // A round cut short by a cancel is no figure: stop here, as a measured run does.
        if (signal?.aborted) throw new RunCancelledError();
        const rps = roundRps(run.samples, roundMs);
        plan.onRound?.(stack, cell, ++round, rps);
        return rps;
      }, maxRounds);
      primes.push({
        stack,
        workload: cell.workload.id,
        cacheMode: cell.resultCacheMode,
        rounds: rpsByRound.length,
        roundMs,
        firstRps: Math.round(rpsByRound[0] ?? 0),
        lastRps: Math.round(rpsByRound.at(-1) ?? 0),
        settled: primingSettled(rpsByRound),
      });
    }
  }
  return { kind: "jit-primed", primes };
}
