import { getWorkload } from "../catalog/catalog";
import type { RunSpec } from "../spec/run-spec";
import { lightLoadMeasured } from "../spec/light-load";
import { numericGrid, searchedAxis, sweepListsApplied, sweepLoadBase } from "../sweep/sweep-plan";
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

/** What the measuring-time estimates read of a spec. */
export type MeasuringInput = Pick<
  RunSpec,
  "workloads" | "cacheModes" | "trials" | "warmupMs" | "durationMs" | "requests"
> &
  Partial<Pick<RunSpec, "connections">> &
  Partial<
    Pick<RunSpec, "network" | "stacks" | "pair" | "sweep" | "rate" | "workloadLoads" | "clients" | "restConnection">
  >;

/** Requests/s a workload's cells are offered: its own load's rate, else the spec's; undefined = a closed loop. */
function rateOf(spec: MeasuringInput, workload: string): number | undefined {
  return sweepLoadBase(spec).workloadLoads?.[workload]?.rate ?? spec.rate;
}

/**
 * One side's measured window in one trial of a workload's cells: the duration; in count mode,
 * N requests at R requests/s take N / R s in an open loop; null in a closed loop, where it lasts
 * as long as the services take (count-window-cap.ts bounds it).
 */
export function windowMsOf(spec: MeasuringInput, workload: string): number | null {
  if (spec.requests === undefined) return spec.durationMs;
  const rate = rateOf(spec, workload);
  return rate === undefined ? null : (spec.requests * 1000) / rate;
}

/** Side windows of the same length: `count` of them, each `windowMs` long (null: unknown, see windowMsOf). */
export interface SideWindows {
  count: number;
  windowMs: number | null;
}

/**
 * The pair's two sides again, driven by one client for both beside the tools: in a sweep and a
 * `clients: both` run (relix-load drives every load the tools do: closed or open loop, kept or
 * per-call connections).
 */
function equalClientSidesOf(spec: MeasuringInput): number {
  return spec.clients === "equal" || !(spec.sweep || spec.clients === "both") ? 0 : 2;
}

/** Whether one client for both measures any of a spec's workloads beside the tools from the start. */
export function bothWaysPlanned(spec: MeasuringInput): boolean {
  return equalClientSidesOf(spec) > 0;
}

/**
 * Every side window a spec measures, each one after its warm-up: placements x cells x stacks (2
 * unless the spec names more, and the pair's two again where one client for both measures it beside
 * the tools: a sweep, or `clients: both`; and again at one call in flight where the cell's own load
 * keeps more in flight in a closed loop) x trials. A sweep measures that at every combination of its numeric
 * values (its list axes are the run's own lists), plus, at worst, every refinement point its
 * budget allows, each one cell of one row (counted at the longest cell's window).
 */
export function sideWindows(input: MeasuringInput): SideWindows[] {
  const spec = sweepListsApplied(input);
  const placements = spec.network?.length ?? 1;
  const stacks = spec.stacks?.length ?? 2;
  const points = spec.sweep ? numericGrid(spec.sweep).length : 1;
  // The pair again at one call in flight, by the headline's client (spec/light-load.ts).
  const lightSides = (workload: string) => (lightLoadMeasured({ connections: 1, ...spec }, workload) ? 2 : 0);
  const perCell = (workload: string) => (stacks + equalClientSidesOf(spec) + lightSides(workload)) * spec.trials;
  const cells = plannedCells(spec).map(({ workload }) => ({
    count: placements * points * perCell(workload),
    windowMs: windowMsOf(spec, workload),
  }));
  const refinements = spec.sweep && searchedAxis(spec.sweep) ? spec.sweep.refine.maxPoints : 0;
  if (refinements === 0) return cells;
  const lengths = cells.map((c) => c.windowMs);
  const longest = lengths.includes(null) ? null : Math.max(...(lengths as number[]));
  const widest = Math.max(...spec.workloads.map(perCell));
  return [...cells, { count: refinements * widest, windowMs: longest }];
}

/**
 * Time spent in warm-up and measured windows (sideWindows lists them). Service start, preflight,
 * each placement's set-up and the wait for in-flight calls at the end of a window come on top.
 * Null when some window ends after a number of requests in a closed loop: its length depends on
 * the services (a time cap bounds it: count-window-cap.ts).
 */
export function estimateMeasuringMs(input: MeasuringInput): number | null {
  let total = 0;
  for (const { count, windowMs } of sideWindows(input)) {
    if (windowMs === null) return null;
    total += count * (input.warmupMs + windowMs);
  }
  return total;
}
