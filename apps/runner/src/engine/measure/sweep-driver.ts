// A sweep inside the run loop: under each placement, every combination of the numeric axes'
// values measured as its own set of cells (the knobs set, preflight again, since the answers
// change with them), then each row's changes of winner bisected within the refinement budget.
import {
  MAX_TOTAL_RUN_MS,
  describeRow,
  numericGrid,
  refineRow,
  searchedAxis,
  specAtCoords,
  sweepPointsOf,
  pointListDimensions,
  type CellResult,
  type Crossover,
  type PlacementName,
  type RowSample,
  type RunSpec,
  type SweepCoords,
  type SweepPoint,
  type SweepResult,
  type SweepWinner,
} from "@relix/core";
import { formatDuration } from "@relix/core/render/format";
import type { EngineContext } from "../engine-context";
import { measurePlacementCells, paramsOf, type RunProgress } from "./placement-cells";
import { preflight } from "../launch/preflight";
import type { RunEvent } from "../run-events";
import { runPair, runStacks, type PlannedCell } from "../plan/run-plan";
import type { LayeredRunToRun } from "@relix/core/presets/reference-run-to-run";
import type { ServiceTargets } from "../launch/targets";

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
}

/** One row of the search: a workload's cell with every coordinate fixed but the searched one. */
interface SweepRow {
  cell: PlannedCell;
  row: SweepCoords;
  /** The other numeric axis's value, when both axes are numeric. */
  numeric: SweepCoords;
}

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

const sameOn = (row: SweepCoords, coords: SweepCoords) => Object.entries(row).every(([k, v]) => coords[k] === v);

export function createSweepDriver(spec: RunSpec, options: SweepDriverOptions = {}): SweepDriver {
  const sweep = spec.sweep!;
  const grid = numericGrid(sweep);
  const axis = searchedAxis(sweep);
  const lists = pointListDimensions(spec);
  const stackAxis = sweep.axes.find((a) => a.dimension === "stacks");
  const otherNumeric = sweep.axes.filter((a) => a !== axis && typeof a.values[0] === "number");
  const stacks = runStacks(spec);
  const timeBudgetMs = options.timeBudgetMs ?? MAX_TOTAL_RUN_MS;
  const oneCellMs = stacks.length * spec.trials * (spec.warmupMs + spec.durationMs);
  const placements = spec.network?.length ?? 1;
  const crossovers: Crossover[] = [];
  let pointsLeft = sweep.refine.maxPoints;
  let placementsDone = 0;
  let started: number | undefined;
  let stoppedEarly: string | undefined;

  const rowsOf = (placement: PlacementName, cells: readonly PlannedCell[]): SweepRow[] =>
    cells.flatMap((cell) =>
      otherNumeric
        .reduce<SweepCoords[]>(
          (combos, a) => combos.flatMap((c) => (a.values as number[]).map((v) => ({ ...c, [a.dimension]: v }))),
          [{}],
        )
        .flatMap((numeric) =>
          (stackAxis ? stackAxis.values : [undefined]).map((stack) => {
            const row: SweepCoords = { ...numeric };
            if (lists.includes("network")) row.network = placement;
            if (lists.includes("cacheModes")) row.cacheModes = cell.resultCacheMode;
            if (stack) row.stacks = stack;
            return { cell, row, numeric };
          }),
        ),
    );

  /** One knob combination's cells under the placement: preflight (direct), then measured. */
  async function measureAt(
    plan: SweepPlacement,
    cells: readonly PlannedCell[],
    coords: SweepCoords,
    refinement: boolean,
    progress: RunProgress,
    context: EngineContext,
    onEvent: (e: RunEvent) => void,
  ): Promise<CellResult[]> {
    const at = specAtCoords(spec, coords);
    const params = paramsOf(at);
    const requestsByWorkload = new Map(cells.map((c) => [c.workload.id, c.workload.requests(params)]));
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
        sweep: { coords, refinement },
      },
      progress,
      context,
      onEvent,
    );
    return measured.map((cell) => ({ ...cell, coords, ...(refinement ? { refinement: true } : {}) }));
  }

  const describe = (coords: SweepCoords) =>
    Object.entries(coords)
      .map(([k, v]) => `${k}=${v}`)
      .join(", ");

  return {
    runsPerPlacement: (cells) => grid.length * cells * spec.trials * stacks.length,

    async measurePlacement(plan, progress, context, onEvent) {
      started ??= performance.now();
      const results: CellResult[] = [];
      for (const [i, coords] of grid.entries()) {
        if (grid.length > 1)
          onEvent({
            type: "phase",
            phase: "measuring",
            message: `${plan.placement}: sweep point ${describe(coords)} (${i + 1} of ${grid.length})`,
          });
        results.push(...(await measureAt(plan, plan.cells, coords, false, progress, context, onEvent)));
      }
      placementsDone++;
      if (!axis) return results;

      const rows = rowsOf(plan.placement, plan.cells);
      const rowsPerPlacement = rows.length;
      for (const [r, row] of rows.entries()) {
        const samplesOf = (points: readonly SweepPoint[]): RowSample[] =>
          points
            .filter((p) => p.workload === row.cell.workload.id && sameOn(row.row, p.coords))
            .map((p) => ({ value: p.coords[axis.dimension] as number, winner: p.p50 ? p.winner : null }));
        // A fair share of what is left, so the first rows cannot spend the whole budget.
        const rowsLeft = rowsPerPlacement - r + rowsPerPlacement * Math.max(0, placements - placementsDone);
        let share = Math.ceil(pointsLeft / Math.max(1, rowsLeft));
        let cut: string | undefined;
        const budget = {
          take: () => {
            const elapsed = performance.now() - started!;
            if (elapsed + oneCellMs > timeBudgetMs) {
              cut = `the time bound (${formatDuration(timeBudgetMs)} of measuring) came before every crossover was bracketed within the resolution`;
              return false;
            }
            if (share <= 0 || pointsLeft <= 0) {
              cut = `the refinement budget (${sweep.refine.maxPoints} points) was spent before every crossover was bracketed within the resolution`;
              return false;
            }
            share--;
            pointsLeft--;
            return true;
          },
        };
        const searched = await refineRow(
          samplesOf(sweepPointsOf(spec, results)),
          sweep.refine.resolution,
          budget,
          async (value): Promise<SweepWinner | null> => {
            const coords = { ...row.numeric, [axis.dimension]: value };
            onEvent({
              type: "phase",
              phase: "measuring",
              message: `${plan.placement}: refining ${row.cell.workload.id} at ${describe(coords)}`,
            });
            progress.total += spec.trials * stacks.length;
            const cells = await measureAt(plan, [row.cell], coords, true, progress, context, onEvent);
            results.push(...cells);
            return samplesOf(sweepPointsOf(spec, cells))[0]?.winner ?? null;
          },
        );
        if (searched.stoppedEarly) stoppedEarly ??= cut;
        crossovers.push(
          ...describeRow({
            workload: row.cell.workload.id,
            dimension: axis.dimension,
            row: row.row,
            samples: searched.samples,
          }),
        );
      }
      return results;
    },

    placementRefused(placement, cells) {
      placementsDone++;
      if (!axis) return;
      for (const row of rowsOf(placement, cells)) {
        crossovers.push(
          ...describeRow(
            { workload: row.cell.workload.id, dimension: axis.dimension, row: row.row, samples: [] },
            // The reason in full is under the placement's own heading.
            `placement ${placement} refused`,
          ),
        );
      }
    },

    result: (cells) => ({
      points: sweepPointsOf(spec, cells),
      crossovers,
      ...(stoppedEarly ? { stoppedEarly } : {}),
    }),
  };
}
