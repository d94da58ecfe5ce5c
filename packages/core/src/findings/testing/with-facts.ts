// A fixture result as the engine writes it now: facts recorded on the run and on each measure
// (the shared fixture builder makes results the way they were written before facts existed).
import type { Protocol, RunResult } from "../../result/result-schema";
import type { MeasureFact, RunFact } from "../facts";
import { loadLoopFact } from "../load-loop";

export interface FactsInput {
  /** Defaults to the spec's load loop, as the engine records it. */
  run?: RunFact[];
  /** The facts of one measure; trials are 1-based. */
  measure?: (where: { workload: string; cacheMode: string; trial: number; protocol: Protocol }) => MeasureFact[];
}

export function withFacts(result: RunResult, input: FactsInput = {}): RunResult {
  const copy = structuredClone(result);
  copy.facts = input.run ?? [loadLoopFact(copy.spec)];
  for (const cell of copy.cells) {
    for (const trial of cell.trials) {
      for (const protocol of ["rest", "grpc"] as const) {
        const facts =
          input.measure?.({ workload: cell.workload, cacheMode: cell.cacheMode, trial: trial.trial, protocol }) ?? [];
        trial[protocol].facts = facts;
        // A saturated generator is also in the measured figures, as the engine writes them.
        const saturated = facts.find((f) => f.kind === "generator-saturated");
        if (saturated) {
          const generator = { tool: saturated.tool, cpuFraction: saturated.cpuFraction, saturated: true };
          trial[protocol].generator = generator;
          cell[protocol].generator = generator;
        }
      }
    }
  }
  return copy;
}
