// The terminal's answer for a run that asked the two headline questions: a line naming them, then
// one line a cell with both figures side by side, each its verdict and interval, and the client
// that measured them, in aligned columns:
//   noop  latency (1 in flight):  REST 1.65x sooner  [1.40-1.90]  capacity:  gRPC 1.94x calls/core  [1.70-2.20]  h2load (server + wire)
import type { CellResult, RunResult } from "../../result/result-schema";
import { formatInt } from "../format";
import {
  cellQuestionFigures,
  ownLoadOf,
  ownLoadText,
  questionsHeader,
  type QuestionFigure,
} from "../answer/question-figures";
import { hasPlacements } from "../answer/placements";
import { comparisonRow } from "../verdicts/comparison-row";
import type { Styles } from "./ansi";
import { comparisonName } from "./comparison-name";
import { renderTable, type Column } from "./text-table";

const coloured = (figure: Pick<QuestionFigure, "words" | "winner">, s: Styles) =>
  figure.winner === "grpc" ? s.green(figure.words) : figure.winner === "rest" ? s.yellow(figure.words) : figure.words;

/** "capacity:" where every cell ran at one load (the line above names it), else each cell's: "capacity (8 in flight):". */
function capacityLabel(cell: CellResult, result: RunResult, oneLoad: boolean): string {
  return oneLoad ? "capacity:" : `capacity (${ownLoadText(ownLoadOf(cell, result.spec))}):`;
}

/** A cell's line as columns; a cell without questions (a result written before) keeps its p50 verdict. */
function questionRow(cell: CellResult, result: RunResult, oneLoad: boolean, s: Styles): string[] {
  const name = comparisonName(cell, hasPlacements(result));
  const figures = cellQuestionFigures(cell, result.spec);
  if (!figures) {
    const row = comparisonRow(cell);
    return [name, "", coloured(row, s), row.interval, "", "", "", row.client];
  }
  return [
    name,
    `latency (${figures.latencyWhere}):`,
    coloured(figures.latency, s),
    figures.latency.interval,
    capacityLabel(cell, result, oneLoad),
    coloured(figures.capacity, s),
    figures.capacity.interval,
    figures.client,
  ];
}

/**
 * The line naming the two questions, then one line a cell (at most `maxCells`, the rest counted);
 * empty when no cell asked them.
 */
export function questionLines(result: RunResult, s: Styles, maxCells: number): string[] {
  const header = questionsHeader(result);
  if (header === null) return [];
  const loads = new Set(result.cells.map((cell) => ownLoadText(ownLoadOf(cell, result.spec))));
  const shown = result.cells.slice(0, maxCells);
  const rows = shown.map((cell) => questionRow(cell, result, loads.size === 1, s));
  const columns: Column[] = rows[0]!.map(() => ({ header: "" }));
  // No header row: each line reads as a sentence; the line above says what the two figures are.
  const lines = renderTable(columns, rows)
    .slice(2)
    .map((line) => `  ${line}`);
  const more = result.cells.length - shown.length;
  return [`  ${s.dim(header)}`, ...lines, ...(more > 0 ? [s.dim(`  and ${formatInt(more)} more (--verbose)`)] : [])];
}
