// A sweep's grid laid out once for every view that draws it: rows = the searched axis (the first
// axis when none is numeric), increasing, with the values the crossover search added in their
// place; columns = the other axis in the spec's order. The terminal and Markdown tables and the
// web heatmap all read it, so a reader sees the same grid the same way round everywhere.
import type { RunResult } from "../../result/result-schema";
import { axisValueNames, searchedAxis } from "../../sweep/sweep-plan";
import type { SweepAxis } from "../../sweep/sweep-spec";
import type { SweepCoords, SweepPoint } from "../../sweep/sweep-result";

export interface SweepLayoutRow {
  value: number | string;
  /** Added by the crossover search between two planned values. */
  refinement: boolean;
}

export interface SweepLayout {
  /** "item.list", or "item.list, cacheModes=warm" when the points also differ by a dimension off the axes. */
  title: string;
  workload: string;
  /** The coordinates off the axes the layout's points share ({ cacheModes: "warm" }); {} else. */
  context: SweepCoords;
  rowAxis: SweepAxis;
  columnAxis?: SweepAxis;
  rows: SweepLayoutRow[];
  /** The column axis's values as the points name them; one undefined column without a column axis. */
  columns: Array<number | string | undefined>;
  /** cells[row][column]: the point measured there; undefined where none was. */
  cells: Array<Array<SweepPoint | undefined>>;
}

/** The layouts of a result's sweep: one per workload (and per value of a dimension off the axes). */
export function sweepLayouts(result: RunResult): SweepLayout[] {
  const sweep = result.spec.sweep;
  if (!sweep || !result.sweep) return [];
  const rowAxis = searchedAxis(sweep) ?? sweep.axes[0]!;
  const columnAxis = sweep.axes.find((a) => a !== rowAxis);
  const onAxes = new Set(sweep.axes.map((a) => a.dimension as string));
  const groups = new Map<string, { workload: string; context: SweepCoords; points: SweepPoint[] }>();
  for (const point of result.sweep.points) {
    const context = Object.fromEntries(Object.entries(point.coords).filter(([d]) => !onAxes.has(d)));
    const title = [point.workload, ...Object.entries(context).map(([d, v]) => `${d}=${v}`)].join(", ");
    const group = groups.get(title) ?? { workload: point.workload, context, points: [] };
    group.points.push(point);
    groups.set(title, group);
  }
  // The last point measured there, should a value have been measured twice.
  const at = (points: SweepPoint[], coords: SweepCoords) =>
    points.filter((p) => Object.entries(coords).every(([d, v]) => p.coords[d] === v)).at(-1);
  return [...groups].map(([title, { workload, context, points }]) => {
    const planned = axisValueNames(rowAxis);
    const refined = new Set(points.filter((p) => p.refinement).map((p) => p.coords[rowAxis.dimension]!));
    const values = [...new Set([...planned, ...refined])];
    if (typeof planned[0] === "number") values.sort((a, b) => (a as number) - (b as number));
    const columns = columnAxis ? axisValueNames(columnAxis) : [undefined];
    const rows = values.map((value) => ({ value, refinement: !planned.includes(value) }));
    return {
      title,
      workload,
      context,
      rowAxis,
      ...(columnAxis ? { columnAxis } : {}),
      rows,
      columns,
      cells: rows.map(({ value }) =>
        columns.map((c) =>
          at(points, { [rowAxis.dimension]: value, ...(c === undefined ? {} : { [columnAxis!.dimension]: c }) }),
        ),
      ),
    };
  });
}
