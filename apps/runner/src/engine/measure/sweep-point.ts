// One point of a sweep under a placement: the spec at the point's knob values, every cell's
// payload sizes found again (they change with the knobs), then the cells measured.
import { specAtCoords, type CellResult, type PlacementName, type RunSpec, type SweepCoords } from "@relix/core";
import type { LayeredRunToRun } from "@relix/core/presets/calibrations/reference-run-to-run";
import type { EngineContext } from "../engine-context";
import { preflight } from "../launch/preflight";
import type { ServiceTargets } from "../launch/targets";
import type { TrialLaunches } from "../launch/trial-launch-contract";
import { runPair, runStacks, type PlannedCell } from "../plan/run-plan";
import type { RunEvent } from "../run-events";
import { measurePlacementCells, paramsOf, type RunProgress } from "./placement-cells";

export interface SweepPlacement {
  placement: PlacementName;
  cells: readonly PlannedCell[];
  loadTargets?: ServiceTargets;
  /** The emulator the placement goes through, for its precision (placement-cells.ts). */
  emulator?: string;
  /** Count mode: every side's time cap in a trial, replacing the spec's (ProtocolRunPlan says). */
  countWindowCapMs?: number;
  signal?: AbortSignal;
  /** The run-to-run spreads of the run's comparisons (placement-cells.ts). */
  runToRun?: LayeredRunToRun;
  /** The launches the trials run on (placement-cells.ts). */
  launches?: TrialLaunches;
}

/** What every point measured under one placement shares: the placement, and the run's progress, context and events. */
export interface SweepPlacementRun {
  plan: SweepPlacement;
  progress: RunProgress;
  context: EngineContext;
  onEvent: (e: RunEvent) => void;
}

/** One point's place in the sweep: its cells, its knob values, and whether the search added it. */
export interface SweepPointPlan {
  cells: readonly PlannedCell[];
  coords: SweepCoords;
  refinement: boolean;
}

/** A point's knob values as its events name them: "records=100, connections=8". */
export const describeCoords = (coords: SweepCoords) =>
  Object.entries(coords)
    .map(([k, v]) => `${k}=${v}`)
    .join(", ");

/** One knob combination's cells under the placement: preflight (direct), then measured. */
export async function measureSweepPoint(
  spec: RunSpec,
  { plan, progress, context, onEvent }: SweepPlacementRun,
  { cells, coords, refinement }: SweepPointPlan,
): Promise<CellResult[]> {
  const at = specAtCoords(spec, coords);
  const params = paramsOf(at);
  const requestsByWorkload = new Map(cells.map((c) => [c.workload.id, c.workload.requests(params)]));
  const stacks = runStacks(spec);
  const sizes = [];
  for (const cell of cells) {
    sizes.push(
      await preflight(
        context.targets,
        cell.workload,
        requestsByWorkload.get(cell.workload.id)!,
        cell.cacheMode,
        plan.signal,
        stacks,
        runPair(spec),
      ),
    );
  }
  const measured = await measurePlacementCells(
    {
      spec: at,
      placement: plan.placement,
      cells,
      sizes,
      requestsByWorkload,
      ...(plan.loadTargets ? { loadTargets: plan.loadTargets } : {}),
      ...(plan.emulator ? { emulator: plan.emulator } : {}),
      ...(plan.countWindowCapMs === undefined ? {} : { countWindowCapMs: plan.countWindowCapMs }),
      ...(plan.signal ? { signal: plan.signal } : {}),
      ...(plan.runToRun ? { runToRun: plan.runToRun } : {}),
      ...(plan.launches ? { launches: plan.launches } : {}),
      sweep: { coords, refinement },
    },
    progress,
    context,
    onEvent,
  );
  return measured.map((cell) => ({ ...cell, coords, ...(refinement ? { refinement: true } : {}) }));
}
