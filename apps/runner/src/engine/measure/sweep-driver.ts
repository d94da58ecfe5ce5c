// A sweep inside the run loop: under each placement, every combination of the numeric axes'
// values measured as its own set of cells (the knobs set, preflight again, since the answers
// change with them), then each row's changes of winner bisected within the refinement budget.
import {
  MAX_TOTAL_RUN_MS,
  describeRow,
  numericGrid,
  searchedAxis,
  sweepPointsOf,
  type CellResult,
  type Crossover,
  type PlacementName,
  type RunSpec,
  type SweepResult,
} from "@relix/core";
import type { EngineContext } from "../engine-context";
import type { RunProgress } from "./placement-cells";
import type { RunEvent } from "../run-events";
import { runStacks, type PlannedCell } from "../plan/run-plan";
import { describeCoords, measureSweepPoint, type SweepPlacement } from "./sweep-point";
import { createRefinementBudget, refineRows } from "./sweep-refinement";
import { sweepRowsOf } from "./sweep-rows";

export type { SweepPlacement } from "./sweep-point";

export interface SweepDriverOptions {
  /** Measuring time after which no refinement point is started (default: the run's bound). */
  timeBudgetMs?: number;
}

export interface SweepDriver {
  /** Stack runs the grid makes under one placement (refinements are added as they start). */
  runsPerPlacement(cells: number): number;
  measurePlacement(
    plan: SweepPlacement,
    progress: RunProgress,
    context: EngineContext,
    onEvent: (e: RunEvent) => void,
  ): Promise<CellResult[]>;
  /** A refused placement's rows: no verdict, saying why. */
  placementRefused(placement: PlacementName, cells: readonly PlannedCell[]): void;
  result(cells: readonly CellResult[]): SweepResult;
}

export function createSweepDriver(spec: RunSpec, options: SweepDriverOptions = {}): SweepDriver {
  const grid = numericGrid(spec.sweep!);
  const axis = searchedAxis(spec.sweep!);
  const stacks = runStacks(spec);
  const budget = createRefinementBudget(spec, options.timeBudgetMs ?? MAX_TOTAL_RUN_MS);
  const crossovers: Crossover[] = [];

  return {
    runsPerPlacement: (cells) => grid.length * cells * spec.trials * stacks.length,

    async measurePlacement(plan, progress, context, onEvent) {
      budget.start();
      const run = { plan, progress, context, onEvent };
      const results: CellResult[] = [];
      for (const [i, coords] of grid.entries()) {
        if (grid.length > 1)
          onEvent({
            type: "phase",
            phase: "measuring",
            message: `${plan.placement}: sweep point ${describeCoords(coords)} (${i + 1} of ${grid.length})`,
          });
        results.push(...(await measureSweepPoint(spec, run, { cells: plan.cells, coords, refinement: false })));
      }
      budget.placementDone();
      if (!axis) return results;
      const rows = sweepRowsOf(spec, plan.placement, plan.cells);
      await refineRows(spec, axis.dimension, run, rows, budget, { cells: results, crossovers });
      return results;
    },

    placementRefused(placement, cells) {
      budget.placementDone();
      if (!axis) return;
      for (const row of sweepRowsOf(spec, placement, cells)) {
        crossovers.push(
          ...describeRow(
            { workload: row.cell.workload.id, dimension: axis.dimension, row: row.row, samples: [] },
            // The reason in full is under the placement's own heading.
            `placement ${placement} refused`,
          ),
        );
      }
    },

    result: (cells) => {
      const stoppedEarly = budget.stoppedEarly();
      return {
        points: sweepPointsOf(spec, cells),
        crossovers,
        ...(stoppedEarly ? { stoppedEarly } : {}),
      };
    },
  };
}
