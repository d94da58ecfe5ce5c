// The sweep part of the result fixture: a result whose spec sweeps one or two axes, with one cell
// per grid point (and per refinement point) and `result.sweep` built from those cells' own p50
// comparisons, so a point's interval and winner are exactly what the engine would have recorded
// for that cell. The crossovers are bracketed between neighbouring measured values of the numeric
// axis, as the search reports them once it stops.
import type { CellResult, RunResult } from "../result/result-schema";
import { runResultSchema } from "../result/result-schema";
import type { PlacementName } from "../network/placements";
import type { Sweep, SweepAxis } from "../sweep/sweep-spec";
import { numericSweepDimensions } from "../sweep/sweep-spec";
import type { Crossover, SweepCoords, SweepPoint } from "../sweep/sweep-result";
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
  /** Per row, a crossover status to force ("unresolved": the budget ran out before bracketing). */
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

const sameCoords = (a: SweepCoords, b: SweepCoords) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

const sideName = { grpc: "gRPC", rest: "REST", none: "neither" } as const;

function crossoversOf(input: SweepResultInput, workload: string, points: SweepPoint[]): Crossover[] {
  const along = input.axes.find((a) => isNumeric(a.dimension));
  if (!along) return [];
  const other = input.axes.find((a) => a !== along);
  const rows: SweepCoords[] = other ? other.values.map((v) => ({ [other.dimension]: v })) : [{}];
  return rows.map((row): Crossover => {
    const inRow = points
      .filter((p) => Object.entries(row).every(([k, v]) => p.coords[k] === v))
      .sort((a, b) => (a.coords[along.dimension] as number) - (b.coords[along.dimension] as number));
    const base = { workload, dimension: along.dimension, row };
    const where = other ? ` on ${String(row[other.dimension])}` : "";
    if (input.unresolvedRows?.some((r) => sameCoords(r, row)))
      return { ...base, status: "unresolved", text: `the verdict changes somewhere${where}, not bracketed in budget` };
    // A tie between two winners is not a crossover of its own: the bracket spans it.
    const decided = inRow.filter((p) => p.winner !== "none");
    const change = decided.findIndex((p, i) => i > 0 && p.winner !== decided[i - 1]!.winner);
    if (change < 0) {
      const winner = decided[0]?.winner ?? "none";
      return {
        ...base,
        status: "none",
        text:
          winner === "none"
            ? `no difference over the whole range of ${along.dimension}${where}`
            : `${sideName[winner]} wins over the whole range of ${along.dimension}${where}`,
      };
    }
    const low = decided[change - 1]!.coords[along.dimension] as number;
    const high = decided[change]!.coords[along.dimension] as number;
    const estimate = Math.round(Math.sqrt(low * high));
    const winnerAbove = decided[change]!.winner;
    return {
      ...base,
      status: "found",
      winnerAbove,
      low,
      high,
      estimate,
      text: `${sideName[winnerAbove]} starts to win at about ${estimate.toLocaleString("en-US")} ${along.dimension}${where} (between ${low.toLocaleString("en-US")} and ${high.toLocaleString("en-US")})`,
    };
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
