import { getWorkload } from "../catalog/catalog";
import type { RunSpec } from "../spec/run-spec";
import type { CellCacheMode } from "./preset";

export interface PlannedCell {
  workload: string;
  cacheMode: CellCacheMode;
}

/**
 * The cells a spec measures: each cache mode for a workload that reads through the cache, one
 * "none" cell for the others (a cache mode would change nothing there, so it is not run twice).
 */
export function plannedCells(spec: Pick<RunSpec, "workloads" | "cacheModes">): PlannedCell[] {
  return spec.workloads.flatMap<PlannedCell>((workload) =>
    getWorkload(workload).usesCache
      ? spec.cacheModes.map((cacheMode) => ({ workload, cacheMode }))
      : [{ workload, cacheMode: "none" }],
  );
}

/**
 * Time spent in warm-up and measured windows: placements x cells x stacks (2 unless the spec names
 * more) x trials x (warm-up + window). Service start, preflight, each placement's set-up and the wait for in-flight
 * calls at the end of a window come on top. Null when windows end after a number of requests:
 * their length depends on the services.
 */
export function estimateMeasuringMs(
  spec: Pick<RunSpec, "workloads" | "cacheModes" | "trials" | "warmupMs" | "durationMs" | "requests"> &
    Partial<Pick<RunSpec, "network" | "stacks">>,
): number | null {
  if (spec.requests !== undefined) return null;
  const placements = spec.network?.length ?? 1;
  const stacks = spec.stacks?.length ?? 2;
  return placements * plannedCells(spec).length * stacks * spec.trials * (spec.warmupMs + spec.durationMs);
}
