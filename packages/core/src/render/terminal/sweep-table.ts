// A sweep's grid as a table of p50 speedups with their CIs and the verdict at each point, laid out
// by sweep-layout (rows = the searched axis, refinement values included; columns = the other axis),
// then the crossover sentences. Drawn by the terminal and Markdown reports and the web's table view.
import type { CellResult, RunResult } from "../../result/result-schema";
import { formatSweepValue, sweepSummaries } from "../sweeps/crossover-text";
import type { SweepPoint } from "../../sweep/sweep-result";
import { sweepLayouts, type SweepLayout } from "./sweep-layout";
import { formatSpeedupCI } from "../format";
import { renderTable } from "./text-table";

export interface SweepGrid {
  /** "item.list", or "item.list, cacheModes=warm" when the points also differ by a dimension off the axes. */
  title: string;
  rowDimension: string;
  columnDimension?: string;
  header: string[];
  rows: string[][];
}

const verdictWord = { grpc: "gRPC", rest: "REST", none: "no diff" } as const;

const pointText = (point: SweepPoint | undefined): string =>
  !point || !point.p50 ? "-" : `${formatSpeedupCI(point.p50)} ${verdictWord[point.winner]}`;

const valueText = (dimension: string, value: number | string) =>
  typeof value === "number" ? formatSweepValue(dimension, value) : value;

/** A layout as a table of texts: the row values (refined ones marked "*") and each point's speedup and verdict. */
export function sweepGridOf(layout: SweepLayout): SweepGrid {
  const { rowAxis, columnAxis } = layout;
  return {
    title: layout.title,
    rowDimension: rowAxis.dimension,
    ...(columnAxis ? { columnDimension: columnAxis.dimension } : {}),
    header: [
      rowAxis.dimension,
      ...layout.columns.map((c) =>
        c === undefined || !columnAxis ? "p50 speedup [95% CI]" : valueText(columnAxis.dimension, c),
      ),
    ],
    rows: layout.rows.map((row, r) => [
      `${valueText(rowAxis.dimension, row.value)}${row.refinement ? " *" : ""}`,
      ...layout.cells[r]!.map(pointText),
    ]),
  };
}

/** The grids of a result's sweep: one per workload (and per value of a dimension off the axes). */
export const sweepGrids = (result: RunResult): SweepGrid[] => sweepLayouts(result).map(sweepGridOf);

/** Under a swept cell's workload in the results table: its knobs ("1,000 records", "+" when refined). */
export function sweepCoordsLabel(cell: Pick<CellResult, "coords" | "refinement">): string {
  const knobs = Object.entries(cell.coords ?? {})
    .filter((entry): entry is [string, number] => typeof entry[1] === "number")
    .map(([d, v]) => formatSweepValue(d, v));
  return knobs.length === 0 ? "" : `${knobs.join(", ")}${cell.refinement ? " *" : ""}`;
}

export const SWEEP_LEGEND =
  "Each point: REST p50 / gRPC p50 with its 95% CI (above 1 gRPC faster) and the verdict there; * a value the crossover search added between two grid values.";

/** On a stacks axis a point is one stack against the other side's default, oriented like every other point. */
const STACK_AXIS_LEGEND =
  " On the stacks axis, a REST stack's point is that stack's p50 / grpc-js p50, and a gRPC stack's is express p50 / that stack's p50.";

/** The legend under a sweep's grid, saying what a stacks axis compares when there is one. */
export function sweepLegend(sweep: RunResult["spec"]["sweep"]): string {
  return sweep?.axes.some((a) => a.dimension === "stacks") ? SWEEP_LEGEND + STACK_AXIS_LEGEND : SWEEP_LEGEND;
}

/** The crossover sentences, one line per workload, and why the search stopped short if it did. */
export function sweepSentences(result: RunResult): string[] {
  if (!result.sweep) return [];
  return [
    ...sweepSummaries(result.sweep),
    ...(result.sweep.stoppedEarly ? [`The search stopped early: ${result.sweep.stoppedEarly}.`] : []),
  ];
}

interface SweepStyles {
  bold(text: string): string;
  dim(text: string): string;
}

/** The terminal report's sweep section. */
export function sweepTerminalSection(result: RunResult, s: SweepStyles): string[] {
  const grids = sweepGrids(result);
  if (grids.length === 0) return [];
  return [
    ...grids.flatMap((grid) => [
      "",
      s.bold(`Sweep: ${grid.title}`),
      ...renderTable(
        grid.header.map((header, i) => ({ header, align: i === 0 ? "left" : "right" }) as const),
        grid.rows,
      ),
    ]),
    s.dim(sweepLegend(result.spec.sweep)),
    "",
    ...sweepSentences(result).map((line) => s.bold(line)),
  ];
}

type MarkdownTable = (
  header: readonly string[],
  align: readonly ("l" | "r")[],
  rows: readonly (readonly string[])[],
) => string[];

/** The Markdown report's sweep section. */
export function sweepMarkdownSection(result: RunResult, table: MarkdownTable): string[] {
  const grids = sweepGrids(result);
  if (grids.length === 0) return [];
  return [
    "",
    "## Sweep",
    ...grids.flatMap((grid) => [
      "",
      `### \`${grid.title}\``,
      "",
      ...table(
        grid.header,
        grid.header.map((_, i) => (i === 0 ? "l" : "r")),
        grid.rows,
      ),
    ]),
    "",
    sweepLegend(result.spec.sweep),
    "",
    ...sweepSentences(result).map((line) => `- ${line}`),
  ];
}
