// The sweep part of the result fixture: a result whose spec sweeps one or two axes, with one cell
// per grid point (and per refinement point) and `result.sweep` built from those cells' own p50
// comparisons, so a point's interval and winner are exactly what the engine would have recorded
// for that cell. The crossovers come from the core's own bracketing and sentences, as the search
// reports them once it stops.
import type { CellResult, RunResult } from "../result/result-schema";
import { runResultSchema } from "../result/result-schema";
import type { PlacementName } from "../network/placements";
import type { Sweep, SweepAxis } from "../sweep/sweep-spec";
import { numericSweepDimensions } from "../sweep/sweep-spec";
import type { Crossover, SweepCoords, SweepPoint } from "../sweep/sweep-result";
import { describeRow } from "../render/sweeps/crossover-text";
import { makeRunResult, type CellInput, type RunResultInput } from "./result-fixture";

type AxisInput = Pick<SweepAxis, "dimension"> & { values: ReadonlyArray<number | string> };

export interface SweepResultInput extends Omit<RunResultInput, "cells"> {
  /** One or two axes, as in spec.sweep. */
  axes: AxisInput[];
  /** Default item.list. */
  workload?: string;
  /** gRPC's p50 speedup (REST p50 / gRPC p50) at a point; exactly 1 is a tie. */
  speedupAt: (coords: SweepCoords) => number;
  /** Points the crossover search added between grid values (coords on every axis). */
  refinements?: SweepCoords[];
  /** Rows where no point gave a verdict (every one failed): their crossover is "unresolved". */
  unresolvedRows?: SweepCoords[];
  stoppedEarly?: string;
}

const GRPC_P50_MS = 0.5;
const isNumeric = (dimension: string) => (numericSweepDimensions as readonly string[]).includes(dimension);

/** The point's numeric knobs: what a cell records as its coords (list dimensions are the cell's own fields). */
const numericCoords = (coords: SweepCoords): SweepCoords | undefined => {
  const numeric = Object.fromEntries(Object.entries(coords).filter(([d]) => isNumeric(d)));
  return Object.keys(numeric).length > 0 ? numeric : undefined;
};

function cellOf(workload: string, coords: SweepCoords, speedup: number): CellInput {
  const cell: CellInput = {
    workload,
    rest: { p50: GRPC_P50_MS * speedup, mean: GRPC_P50_MS * speedup * 1.1, p99: GRPC_P50_MS * speedup * 3 },
    grpc: { p50: GRPC_P50_MS, mean: GRPC_P50_MS * 1.1, p99: GRPC_P50_MS * 3 },
  };
  if (typeof coords.network === "string") cell.placement = coords.network as PlacementName;
  if (typeof coords.cacheModes === "string") cell.cacheMode = coords.cacheModes as CellResult["cacheMode"];
  return cell;
}

/** Per row of the searched axis, the crossovers as the engine writes them (the core's own search and sentences). */
function crossoversOf(input: SweepResultInput, workload: string, points: SweepPoint[]): Crossover[] {
  const along = input.axes.find((a) => isNumeric(a.dimension));
  if (!along) return [];
  const other = input.axes.find((a) => a !== along);
  const rows: SweepCoords[] = other ? other.values.map((v) => ({ [other.dimension]: v })) : [{}];
  return rows.flatMap((row) => {
    const inRow = points.filter((p) => Object.entries(row).every(([k, v]) => p.coords[k] === v));
    const unresolved = input.unresolvedRows?.some((r) => Object.entries(r).every(([k, v]) => row[k] === v));
    return describeRow(
      {
        workload,
        dimension: along.dimension,
        row,
        samples: inRow.map((p) => ({
          value: p.coords[along.dimension] as number,
          winner: unresolved ? null : p.winner,
        })),
      },
      unresolved ? "every point of the row failed" : undefined,
    );
  });
}

/** A whole swept result; validated by runResultSchema like every fixture. */
export function makeSweepResult(input: SweepResultInput): RunResult {
  const workload = input.workload ?? "item.list";
  const grid = input.axes.reduce<SweepCoords[]>(
    (acc, axis) => acc.flatMap((c) => axis.values.map((v) => ({ ...c, [axis.dimension]: v }))),
    [{}],
  );
  const planned = grid.map((coords) => ({ coords, refinement: false }));
  const refined = (input.refinements ?? []).map((coords) => ({ coords, refinement: true }));
  const all = [...planned, ...refined];
  // A swept placement is a named one (a custom placement has no name to put on an axis).
  const network = input.axes.find((a) => a.dimension === "network")?.values as
    Exclude<PlacementName, "custom">[] | undefined;
  const sweep = { axes: input.axes } as unknown as Sweep;
  const base = makeRunResult({
    ...input,
    spec: { workloads: [workload], ...(network ? { network } : {}), ...input.spec, sweep },
    cells: all.map((p) => cellOf(workload, p.coords, input.speedupAt(p.coords))),
  });
  const cells: CellResult[] = base.cells.map((cell, i) => {
    const coords = numericCoords(all[i]!.coords);
    return { ...cell, ...(coords ? { coords } : {}), refinement: all[i]!.refinement };
  });
  const points: SweepPoint[] = cells.map((cell, i) => {
    const p50 = cell.comparisons.find((c) => c.metric === "p50")!;
    return {
      coords: all[i]!.coords,
      workload,
      p50: p50.ci,
      winner: p50.winner,
      verdict: p50.text,
      refinement: all[i]!.refinement,
    };
  });
  const result = {
    ...base,
    cells,
    sweep: {
      points,
      crossovers: crossoversOf(input, workload, points),
      ...(input.stoppedEarly ? { stoppedEarly: input.stoppedEarly } : {}),
    },
  };
  return runResultSchema.parse(result);
}
