import { getWorkload } from "../catalog/catalog";
import type { RunSpec } from "../spec/run-spec";
import { numericGrid, searchedAxis, sweepListsApplied } from "../sweep/sweep-plan";
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
 * more) x trials x (warm-up + window). A sweep measures that at every combination of its numeric
 * values (its list axes are the run's own lists), plus, at worst, every refinement point its budget
 * allows, each one cell of one row. Service start, preflight, each placement's set-up and the wait
 * for in-flight calls at the end of a window come on top. Null when windows end after a number of
 * requests: their length depends on the services.
 */
export function estimateMeasuringMs(
  input: Pick<RunSpec, "workloads" | "cacheModes" | "trials" | "warmupMs" | "durationMs" | "requests"> &
    Partial<Pick<RunSpec, "network" | "stacks" | "sweep">>,
): number | null {
  if (input.requests !== undefined) return null;
  const spec = sweepListsApplied(input);
  const placements = spec.network?.length ?? 1;
  const stacks = spec.stacks?.length ?? 2;
  const oneCell = stacks * spec.trials * (spec.warmupMs + spec.durationMs);
  const onePoint = placements * plannedCells(spec).length * oneCell;
  if (!spec.sweep) return onePoint;
  const refinements = searchedAxis(spec.sweep) ? spec.sweep.refine.maxPoints : 0;
  return onePoint * numericGrid(spec.sweep).length + refinements * oneCell;
}
