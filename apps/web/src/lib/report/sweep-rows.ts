import type { RunResult } from "@relix/core/result/result-schema";
import type { Crossover, SweepCoords, SweepPoint } from "@relix/core/sweep/sweep-result";
import { crossoverHeadline, formatSweepValue } from "@relix/core/render/sweeps/crossover-text";
import { axisValueNames, isNumericDimension } from "@relix/core/sweep/sweep-plan";
import type { SweepAxis } from "@relix/core/sweep/sweep-spec";
import { sweepLayouts, type SweepLayout } from "@relix/core/render/terminal/sweep-layout";
import { sweepGridOf, type SweepGrid } from "@relix/core/render/terminal/sweep-table";
import { formatBytes, formatCount } from "../format";

// A swept result -> per workload either a speedup line along one numeric axis, or a heatmap (two
// axes, or one list axis) laid out as the terminal prints the grid: the searched axis down the
// page, the other across. Pure and serialisable, like report-rows: computed on the server, drawn
// by the charts.

export type AxisValue = number | string;

export interface SweepAxisView {
  dimension: string;
  /** What the axis measures, with its unit: "records per reply". */
  label: string;
  numeric: boolean;
  values: AxisValue[];
}

export interface SweepPointView {
  coords: SweepCoords;
  /** gRPC's p50 speedup (> 1: gRPC faster); null when the point has no comparison. */
  speedup: number | null;
  low: number | null;
  high: number | null;
  winner: SweepPoint["winner"];
  /** The CI lies wholly on one side of 1. */
  significant: boolean;
  refinement: boolean;
  verdict: string;
}

export interface LinePoint extends SweepPointView {
  x: number;
  /** [low, high], for the CI band. */
  band: [number, number] | null;
}

export interface CrossoverMark {
  /** The column whose rows it crosses. */
  column: number;
  /** Positions in row units (0 = top edge of the first row, n = bottom edge of the last). */
  low: number;
  high: number;
  estimate: number;
  /** Beside the line: "gRPC starts to win at about 550 records". */
  label: string;
  /** The row's whole sentence. */
  text: string;
}

export interface HeatCell extends SweepPointView {
  fill: string;
  ink: string;
  label: string;
}

interface PanelBase {
  key: string;
  workload: string;
  /** The run's own list values shared by the panel's points when they are not axes ("cross-region"); "" else. */
  context: string;
  crossovers: Crossover[];
  /** The swept axes in the spec's order. */
  axes: SweepAxisView[];
  /** The table view: the grid exactly as the terminal and the Markdown print it. */
  table: SweepGrid;
}

export interface LinePanel extends PanelBase {
  kind: "line";
  axis: SweepAxisView;
  line: LinePoint[];
}

export interface HeatmapPanel extends PanelBase {
  kind: "heatmap";
  /** Down the page: the searched axis (the first when none is numeric), increasing, the search's values included. */
  rows: SweepAxisView;
  /** Per row: a value the crossover search added (its tick marked "*", as in the terminal). */
  refined: boolean[];
  /** Across: the other axis; null for a single axis (one column). */
  columns: SweepAxisView | null;
  /**
   * grid[row][column]; null where nothing was measured: a refused placement, or a value the search
   * added for another column.
   */
  grid: Array<Array<HeatCell | null>>;
  marks: CrossoverMark[];
}

export type SweepPanel = LinePanel | HeatmapPanel;

const AXIS_LABEL: Record<string, string> = {
  records: "records per reply",
  payloadBytes: "upload size, bytes",
  echoBytes: "echo message size, bytes",
  connections: "connections (requests in flight)",
  network: "network placement",
  stacks: "stack",
  cacheModes: "cache mode",
};

export { isNumericDimension };

/** A value of an axis as a reader says it: "1,000 records", "64.0 KiB", "8 connections", "cross-region". */
export function axisValueText(dimension: string, value: AxisValue): string {
  return typeof value === "string" ? value : formatSweepValue(dimension, value);
}

/** A short tick: the axis label carries the unit. */
export function axisTickText(dimension: string, value: AxisValue): string {
  if (typeof value === "string") return value;
  if (dimension === "payloadBytes" || dimension === "echoBytes") return formatBytes(value);
  return value >= 10_000 ? `${formatCount(value / 1000)}k` : formatCount(value);
}

function viewOf(point: SweepPoint): SweepPointView {
  const ci = point.p50;
  return {
    coords: point.coords,
    speedup: ci?.estimate ?? null,
    low: ci?.low ?? null,
    high: ci?.high ?? null,
    winner: point.winner,
    significant: point.winner !== "none",
    refinement: point.refinement,
    verdict: point.verdict,
  };
}

function axisView(dimension: string, values: AxisValue[]): SweepAxisView {
  return { dimension, label: AXIS_LABEL[dimension] ?? dimension, numeric: isNumericDimension(dimension), values };
}

const specAxisView = (axis: SweepAxis) => axisView(axis.dimension, axisValueNames(axis));

/** Diverging colour centred on 1: gRPC better blue, REST better amber, by log ratio; a tie neutral. */
export function heatFill(speedup: number | null, significant: boolean, reach: number): { fill: string; ink: string } {
  if (speedup === null || !significant) return { fill: "#e2e8f0", ink: "#334155" };
  const strength = Math.min(1, Math.abs(Math.log(speedup)) / Math.log(reach));
  const t = 0.2 + 0.8 * strength;
  const [r, g, b] = speedup > 1 ? [37, 99, 235] : [217, 119, 6];
  const mix = (c: number) => Math.round(248 + (c - 248) * t);
  return { fill: `rgb(${mix(r)}, ${mix(g)}, ${mix(b)})`, ink: t > 0.55 ? "#ffffff" : "#0f172a" };
}

/** Where a value sits among an axis's cells, in cell units, on a log scale between neighbours. */
export function cellPosition(values: readonly number[], value: number): number {
  if (value <= values[0]!) return 0.5;
  if (value >= values.at(-1)!) return values.length - 0.5;
  const i = values.findIndex((v, k) => k + 1 < values.length && v <= value && value <= values[k + 1]!);
  const [a, b] = [values[i]!, values[i + 1]!];
  return i + 0.5 + Math.log(value / a) / Math.log(b / a);
}

function heatCell(point: SweepPoint | undefined, reach: number): HeatCell | null {
  if (!point) return null;
  const view = viewOf(point);
  return {
    ...view,
    ...heatFill(view.speedup, view.significant, reach),
    label: view.speedup === null ? "–" : `${view.speedup.toFixed(2)}x`,
  };
}

/** A found crossover as a line across its column, at its estimate among the rows (the search's values included). */
function markOf(c: Crossover, layout: SweepLayout, rowValues: number[]): CrossoverMark | null {
  if (c.status !== "found" || c.low === undefined || c.high === undefined) return null;
  const column = layout.columnAxis ? layout.columns.indexOf(c.row[layout.columnAxis.dimension]) : 0;
  if (column < 0) return null;
  const columnText = layout.columnAxis ? axisValueText(layout.columnAxis.dimension, layout.columns[column]!) : "";
  return {
    column,
    low: cellPosition(rowValues, c.low),
    high: cellPosition(rowValues, c.high),
    estimate: cellPosition(rowValues, c.estimate ?? Math.sqrt(c.low * c.high)),
    label: `${columnText ? `${columnText}: ` : ""}${crossoverHeadline(c)}`,
    text: c.text,
  };
}

function heatmapOf(layout: SweepLayout, crossovers: Crossover[]) {
  const measured = layout.cells.flat().filter((p): p is SweepPoint => p?.p50 != null);
  const reach = Math.max(2, ...measured.map((p) => Math.max(p.p50!.estimate, 1 / p.p50!.estimate)));
  const rows = axisView(
    layout.rowAxis.dimension,
    layout.rows.map((r) => r.value),
  );
  const columns = layout.columnAxis ? specAxisView(layout.columnAxis) : null;
  const marks = rows.numeric
    ? crossovers.map((c) => markOf(c, layout, rows.values as number[])).filter((m): m is CrossoverMark => m !== null)
    : [];
  return {
    kind: "heatmap" as const,
    rows,
    refined: layout.rows.map((r) => r.refinement),
    columns,
    grid: layout.cells.map((row) => row.map((point) => heatCell(point, reach))),
    marks,
  };
}

/** A single numeric axis: every point on it, in order, the search's ones included. */
function lineOf(layout: SweepLayout): LinePoint[] {
  return layout.rows.flatMap((row, r) => {
    const point = layout.cells[r]![0];
    if (!point || typeof row.value !== "number") return [];
    const view = viewOf(point);
    return [{ ...view, x: row.value, band: view.low !== null && view.high !== null ? [view.low, view.high] : null }];
  });
}

/** One panel per swept workload (and per value of a run's own list off the axes); [] for a result without a sweep. */
export function sweepPanels(result: RunResult): SweepPanel[] {
  const sweep = result.sweep;
  const specAxes = result.spec.sweep?.axes;
  if (!sweep || !specAxes || sweep.points.length === 0) return [];
  const axes = specAxes.map(specAxisView);
  return sweepLayouts(result).map((layout): SweepPanel => {
    // The run's own lists that are not axes (two placements under a records sweep) still tell
    // points apart: each of their combinations is a map of its own, with its own crossovers.
    const crossovers = sweep.crossovers.filter(
      (c) =>
        c.workload === layout.workload &&
        Object.entries(layout.context).every(([d, v]) => c.row[d] === undefined || c.row[d] === v),
    );
    const context = Object.entries(layout.context)
      .map(([d, v]) => axisValueText(d, v))
      .join(" · ");
    const base = {
      key: `sweep|${layout.title}`,
      workload: layout.workload,
      context,
      crossovers,
      axes,
      table: sweepGridOf(layout),
    };
    if (axes.length === 1 && axes[0]!.numeric) return { ...base, kind: "line", axis: axes[0]!, line: lineOf(layout) };
    return { ...base, ...heatmapOf(layout, crossovers) };
  });
}

/** A crossover's row as a reader says it ("cross-region"), "all" for a 1-D sweep. */
export const crossoverRowText = (c: Crossover): string =>
  Object.entries(c.row)
    .map(([d, v]) => axisValueText(d, v))
    .join(" · ") || "all";
