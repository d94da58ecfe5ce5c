// How a run offers its load (closed or open loop, how many in flight, at what rate), as the facts
// every result the engine writes records.
import type { RunSpec } from "../spec/run-spec";
import type { RunFact } from "./facts";

type LoadLoopFact = Extract<RunFact, { kind: "load-loop" }>;

/** How the spec offers its load; recorded on every result the engine writes. */
export function loadLoopFact(spec: Pick<RunSpec, "rate" | "connections">): LoadLoopFact {
  return spec.rate === undefined
    ? { kind: "load-loop", loop: "closed", inFlight: spec.connections }
    : { kind: "load-loop", loop: "open", inFlight: spec.connections, rate: spec.rate, corrected: true };
}

/**
 * The run's load, then one fact per workload with a load of its own (spec.workloadLoads). The
 * run's own is left out when every workload has its own: it describes no cell then.
 */
export function loadLoopFacts(
  spec: Pick<RunSpec, "rate" | "connections" | "workloads" | "workloadLoads">,
): LoadLoopFact[] {
  const own = Object.entries(spec.workloadLoads ?? {}).flatMap(([workload, load]) =>
    load === undefined ? [] : [{ ...loadLoopFact(load), workload }],
  );
  const runLoadUsed = spec.workloads.some((w) => spec.workloadLoads?.[w] === undefined);
  return [...(runLoadUsed ? [loadLoopFact(spec)] : []), ...own];
}
