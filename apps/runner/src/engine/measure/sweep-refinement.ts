// A sweep's refinement: each row's changes of winner bisected (core sweep/crossover-search.ts),
// every point it adds taken from one budget of points and one bound of measuring time shared by
// every row of every placement of the run.
import {
  describeRow,
  refineRow,
  sweepPointsOf,
  type CellResult,
  type Crossover,
  type RefineBudget,
  type RunSpec,
  type SweepPoint,
  type SweepWinner,
} from "@relix/core";
import { formatDuration } from "@relix/core/render/format";
import { runStacks } from "../plan/run-plan";
import { describeCoords, measureSweepPoint, type SweepPlacementRun } from "./sweep-point";
import { rowSamplesOf, type SweepRow } from "./sweep-rows";

export interface RefinementBudget {
  /** The run's measuring begins (its first placement's): the time bound counts from here. */
  start(): void;
  /** A placement measured or refused: the points left are shared by the later placements' rows alone. */
  placementDone(): void;
  /** The budget of row `index` of a placement's `rows`. */
  row(index: number, rows: number): RowBudget;
  /** Why the search first stopped before every crossover was bracketed, or undefined. */
  stoppedEarly(): string | undefined;
}

export interface RowBudget extends RefineBudget {
  /** The row's search was cut short: why `take` refused becomes the run's reason, unless it has one. */
  cutShort(): void;
}

export function createRefinementBudget(spec: RunSpec, timeBudgetMs: number): RefinementBudget {
  const { maxPoints } = spec.sweep!.refine;
  const oneCellMs = runStacks(spec).length * spec.trials * (spec.warmupMs + spec.durationMs);
  const placements = spec.network?.length ?? 1;
  let pointsLeft = maxPoints;
  let placementsDone = 0;
  let started: number | undefined;
  let stoppedEarly: string | undefined;
  return {
    start: () => {
      started ??= performance.now();
    },
    placementDone: () => {
      placementsDone++;
    },
    row(index, rows) {
      // A fair share of what is left, so the first rows cannot spend the whole budget.
      const rowsLeft = rows - index + rows * Math.max(0, placements - placementsDone);
      let share = Math.ceil(pointsLeft / Math.max(1, rowsLeft));
      let cut: string | undefined;
      return {
        take: () => {
          const elapsed = performance.now() - started!;
          if (elapsed + oneCellMs > timeBudgetMs) {
            cut = `the time bound (${formatDuration(timeBudgetMs)} of measuring) came before every crossover was bracketed within the resolution`;
            return false;
          }
          if (share <= 0 || pointsLeft <= 0) {
            cut = `the refinement budget (${maxPoints} points) was spent before every crossover was bracketed within the resolution`;
            return false;
          }
          share--;
          pointsLeft--;
          return true;
        },
        cutShort: () => {
          stoppedEarly ??= cut;
        },
      };
    },
    stoppedEarly: () => stoppedEarly,
  };
}

/**
 * Each row's changes of winner under the placement bisected within the budget, along the searched
 * axis `dimension`: the points measured are added to `found.cells`, each row's crossovers to
 * `found.crossovers` as the row is done.
 */
export async function refineRows(
  spec: RunSpec,
  dimension: string,
  run: SweepPlacementRun,
  rows: readonly SweepRow[],
  budget: RefinementBudget,
  found: { cells: CellResult[]; crossovers: Crossover[] },
): Promise<void> {
  const { resolution } = spec.sweep!.refine;
  const stacks = runStacks(spec);
  for (const [r, row] of rows.entries()) {
    const samplesOf = (points: readonly SweepPoint[]) => rowSamplesOf(row, dimension, points);
    const rowBudget = budget.row(r, rows.length);
    const searched = await refineRow(
      samplesOf(sweepPointsOf(spec, found.cells)),
      resolution,
      rowBudget,
      async (value): Promise<SweepWinner | null> => {
        const coords = { ...row.numeric, [dimension]: value };
        run.onEvent({
          type: "phase",
          phase: "measuring",
          message: `${run.plan.placement}: refining ${row.cell.workload.id} at ${describeCoords(coords)}`,
        });
        run.progress.total += spec.trials * stacks.length;
        const cells = await measureSweepPoint(spec, run, { cells: [row.cell], coords, refinement: true });
        found.cells.push(...cells);
        return samplesOf(sweepPointsOf(spec, cells))[0]?.winner ?? null;
      },
    );
    if (searched.stoppedEarly) rowBudget.cutShort();
    found.crossovers.push(
      ...describeRow({ workload: row.cell.workload.id, dimension, row: row.row, samples: searched.samples }),
    );
  }
}
