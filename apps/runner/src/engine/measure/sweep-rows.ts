// The rows a sweep's crossovers are searched along: under a placement, each workload's cell with
// every coordinate fixed but the searched axis's, and the points measured on each.
import {
  pointListDimensions,
  searchedAxis,
  type PlacementName,
  type RowSample,
  type RunSpec,
  type SweepCoords,
  type SweepPoint,
} from "@relix/core";
import type { PlannedCell } from "../plan/run-plan";

/** One row of the search: a workload's cell with every coordinate fixed but the searched one. */
export interface SweepRow {
  cell: PlannedCell;
  row: SweepCoords;
  /** The other numeric axis's value, when both axes are numeric. */
  numeric: SweepCoords;
}

const sameOn = (row: SweepCoords, coords: SweepCoords) => Object.entries(row).every(([k, v]) => coords[k] === v);

/** Every row of the sweep under one placement, for these cells. */
export function sweepRowsOf(spec: RunSpec, placement: PlacementName, cells: readonly PlannedCell[]): SweepRow[] {
  const sweep = spec.sweep!;
  const axis = searchedAxis(sweep);
  const lists = pointListDimensions(spec);
  const stackAxis = sweep.axes.find((a) => a.dimension === "stacks");
  const otherNumeric = sweep.axes.filter((a) => a !== axis && typeof a.values[0] === "number");
  return cells.flatMap((cell) =>
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
}

/** The row's samples among these points: the searched axis's value and the p50 winner at each. */
export function rowSamplesOf(row: SweepRow, dimension: string, points: readonly SweepPoint[]): RowSample[] {
  return points
    .filter((p) => p.workload === row.cell.workload.id && sameOn(row.row, p.coords))
    .map((p) => ({ value: p.coords[dimension] as number, winner: p.p50 ? p.winner : null }));
}
