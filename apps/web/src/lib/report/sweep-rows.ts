import type { RunResult } from "@relix/core/result/result-schema";
import type { Crossover, SweepCoords, SweepPoint } from "@relix/core/sweep/sweep-result";
import { formatSweepValue } from "@relix/core/sweep/crossover-text";
import { isNumericDimension } from "@relix/core/sweep/sweep-plan";
import { formatBytes, formatCount } from "../format";

// A swept result -> per workload either a speedup line along one numeric axis, or a heatmap (two
// axes, or one list axis). Pure and serialisable, like report-rows: computed on the server, drawn
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
  row: number;
  /** Positions in column units (0 = left edge of the first column, n = right edge of the last). */
  low: number;
  high: number;
  estimate: number;
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
  /** Every point (grid and refinement), for the table view. */
  points: SweepPointView[];
  axes: SweepAxisView[];
}

export interface LinePanel extends PanelBase {
  kind: "line";
  axis: SweepAxisView;
  line: LinePoint[];
}

export interface HeatmapPanel extends PanelBase {
  kind: "heatmap";
  columns: SweepAxisView;
  /** null for a single list axis: one row. */
  rows: SweepAxisView | null;
  /** grid[row][column]; null where the grid point was not measured (its placement refused). */
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

/** The swept axes: the spec's when it has them (their order), else read off the points. */
function axesOf(result: RunResult, points: readonly SweepPoint[]): SweepAxisView[] {
  const specAxes = result.spec.sweep?.axes;
  const dims = specAxes ? specAxes.map((a) => a.dimension) : [...new Set(points.flatMap((p) => Object.keys(p.coords)))];
  return dims.map((dimension) => {
    const planned = specAxes?.find((a) => a.dimension === dimension)?.values as AxisValue[] | undefined;
    const seen = [...new Set(points.filter((p) => !p.refinement).map((p) => p.coords[dimension]!))];
    const values = planned ?? seen;
    const numeric = isNumericDimension(dimension);
    return {
      dimension,
      label: AXIS_LABEL[dimension] ?? dimension,
      numeric,
      values: numeric ? [...values].sort((a, b) => Number(a) - Number(b)) : values,
    };
  });
}

/** Diverging colour centred on 1: gRPC better blue, REST better amber, by log ratio; a tie neutral. */
export function heatFill(speedup: number | null, significant: boolean, reach: number): { fill: string; ink: string } {
  if (speedup === null || !significant) return { fill: "#e2e8f0", ink: "#334155" };
  const strength = Math.min(1, Math.abs(Math.log(speedup)) / Math.log(reach));
  const t = 0.2 + 0.8 * strength;
  const [r, g, b] = speedup > 1 ? [37, 99, 235] : [217, 119, 6];
  const mix = (c: number) => Math.round(248 + (c - 248) * t);
  return { fill: `rgb(${mix(r)}, ${mix(g)}, ${mix(b)})`, ink: t > 0.55 ? "#ffffff" : "#0f172a" };
}

/** Where a value sits among the columns, in column units, on a log scale between neighbours. */
export function columnPosition(values: readonly number[], value: number): number {
  if (value <= values[0]!) return 0.5;
  if (value >= values.at(-1)!) return values.length - 0.5;
  const i = values.findIndex((v, k) => k + 1 < values.length && v <= value && value <= values[k + 1]!);
  const [a, b] = [values[i]!, values[i + 1]!];
  return i + 0.5 + Math.log(value / a) / Math.log(b / a);
}

function heatmapOf(
  key: string,
  workload: string,
  axes: SweepAxisView[],
  points: SweepPoint[],
  crossovers: Crossover[],
) {
  // Columns: the axis the crossovers are searched along (numeric), so its line runs across the rows.
  const along = crossovers[0]?.dimension ?? axes.find((a) => a.numeric)?.dimension ?? axes[0]!.dimension;
  const columns = axes.find((a) => a.dimension === along) ?? axes[0]!;
  const rows = axes.find((a) => a !== columns) ?? null;
  const planned = points.filter((p) => !p.refinement);
  const reach = Math.max(2, ...planned.filter((p) => p.p50).map((p) => Math.max(p.p50!.estimate, 1 / p.p50!.estimate)));
  const rowValues: Array<AxisValue | null> = rows ? rows.values : [null];
  const grid = rowValues.map((rv) =>
    columns.values.map((cv): HeatCell | null => {
      const point = planned.find(
        (p) => p.coords[columns.dimension] === cv && (rows === null || p.coords[rows.dimension] === rv),
      );
      if (!point) return null;
      const view = viewOf(point);
      return {
        ...view,
        ...heatFill(view.speedup, view.significant, reach),
        label: view.speedup === null ? "–" : `${view.speedup.toFixed(2)}x`,
      };
    }),
  );
  const marks: CrossoverMark[] = [];
  if (columns.numeric) {
    const values = columns.values as number[];
    for (const c of crossovers) {
      if (c.status !== "found" || c.low === undefined || c.high === undefined) continue;
      const row = rows ? rowValues.findIndex((rv) => rv === c.row[rows.dimension]) : 0;
      if (row < 0) continue;
      const estimate = c.estimate ?? Math.sqrt(c.low * c.high);
      marks.push({
        row,
        low: columnPosition(values, c.low),
        high: columnPosition(values, c.high),
        estimate: columnPosition(values, estimate),
        text: c.text,
      });
    }
  }
  return { kind: "heatmap" as const, key, workload, columns, rows, grid, marks };
}

function lineOf(axis: SweepAxisView, points: SweepPoint[]): LinePoint[] {
  return points
    .filter((p) => typeof p.coords[axis.dimension] === "number")
    .map((p) => {
      const view = viewOf(p);
      return {
        ...view,
        x: p.coords[axis.dimension] as number,
        band: view.low !== null && view.high !== null ? ([view.low, view.high] as [number, number]) : null,
      };
    })
    .sort((a, b) => a.x - b.x);
}

/** One panel per swept workload; [] for a result without a sweep. */
export function sweepPanels(result: RunResult): SweepPanel[] {
  const sweep = result.sweep;
  if (!sweep || sweep.points.length === 0) return [];
  const axes = axesOf(result, sweep.points);
  // The run's own lists that are not axes (two placements under a records sweep) still tell points
  // apart: each of their combinations is a map of its own.
  const swept = new Set(axes.map((a) => a.dimension));
  const extraOf = (coords: SweepCoords): SweepCoords =>
    Object.fromEntries(Object.entries(coords).filter(([d]) => !swept.has(d)));
  const groups = new Map<string, { workload: string; extra: SweepCoords }>();
  for (const p of sweep.points) {
    const extra = extraOf(p.coords);
    groups.set(`${p.workload}|${JSON.stringify(extra)}`, { workload: p.workload, extra });
  }
  const matches = (coords: SweepCoords, extra: SweepCoords) =>
    Object.entries(extra).every(([d, v]) => coords[d] === undefined || coords[d] === v);
  return [...groups].map(([groupKey, { workload, extra }]): SweepPanel => {
    const points = sweep.points.filter((p) => p.workload === workload && matches(p.coords, extra));
    const crossovers = sweep.crossovers.filter((c) => c.workload === workload && matches(c.row, extra));
    const context = Object.entries(extra)
      .map(([d, v]) => axisValueText(d, v))
      .join(" · ");
    const base = { key: `sweep|${groupKey}`, workload, context, crossovers, points: points.map(viewOf), axes };
    if (axes.length === 1 && axes[0]!.numeric)
      return { ...base, kind: "line", axis: axes[0]!, line: lineOf(axes[0]!, points) };
    return { ...base, ...heatmapOf(base.key, workload, axes, points, crossovers) };
  });
}

/** A crossover's row as a reader says it ("cross-region"), "all" for a 1-D sweep. */
export const crossoverRowText = (c: Crossover): string =>
  Object.entries(c.row)
    .map(([d, v]) => axisValueText(d, v))
    .join(" · ") || "all";
