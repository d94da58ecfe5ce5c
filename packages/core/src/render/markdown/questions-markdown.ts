// The Markdown report's two headline figures: a table under the answer's sentences with each
// cell's latency and capacity side by side (verdict, interval, the client), and each cell's
// comparison sentences labelled by the load they were read at, so a p50 under saturation is never
// read as latency alone. A result without questions (written before) gets neither.
import type { CellResult, RunResult } from "../../result/result-schema";
import { cellName } from "../findings/finding-names";
import {
  cellQuestionFigures,
  ownLoadOf,
  ownLoadText,
  questionsAsked,
  underSaturation,
} from "../answer/question-figures";
import type { QuestionFigure } from "../answer/question-figures";
import { comparisonRow } from "../verdicts/comparison-row";

export type MarkdownTable = (
  header: readonly string[],
  align: readonly ("l" | "r")[],
  rows: readonly (readonly string[])[],
) => string[];

/** "**REST 1.65x sooner** [1.40-1.90]": the side named in bold, as the terminal colours it. */
function figureText(figure: Pick<QuestionFigure, "words" | "winner" | "interval">): string {
  const words = figure.winner === "none" ? figure.words : `**${figure.words}**`;
  return figure.interval ? `${words} ${figure.interval}` : words;
}

/** `where`: the cells' latencies were read at different loads, so each row says its own. */
function figuresRow(cell: CellResult, result: RunResult, where: boolean): string[] {
  const figures = cellQuestionFigures(cell, result.spec);
  // A cell without questions keeps its p50 verdict, under latency, as it was written.
  if (!figures) {
    const row = comparisonRow(cell);
    return [cellName(cell), figureText(row), "-", row.client];
  }
  const load = where ? ` (${figures.latencyWhere})` : "";
  return [cellName(cell), `${figureText(figures.latency)}${load}`, figureText(figures.capacity), figures.client];
}

/** The table of both figures per cell; nothing when no cell asked the questions. */
export function questionsMarkdownTable(result: RunResult, table: MarkdownTable): string[] {
  const asked = questionsAsked(result);
  if (asked === null) return [];
  const loads = new Set(result.cells.map((cell) => cellQuestionFigures(cell, result.spec)?.latencyWhere));
  return table(
    ["cell", `latency: ${asked.latency}`, `capacity: ${asked.capacity}`, "client"],
    ["l", "l", "l", "l"],
    result.cells.map((cell) => figuresRow(cell, result, loads.size > 1)),
  );
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A cell's comparison sentences: for a cell with questions, its latency at one call in flight first
 * (where it was measured so), then every comparison at its own load, each group headed by its load.
 */
export function comparisonsText(cell: CellResult, result: RunResult): string {
  const own = cell.comparisons.map((c) => c.text).join("; ");
  if (!cell.questions) return own;
  const load = ownLoadOf(cell, result.spec);
  const where = `at ${ownLoadText(load)}${underSaturation(load) ? ", under saturation" : ""}`;
  // One call in flight answers the latency question; its throughput and CPU say nothing of capacity.
  const latency = cell.lightLoad?.comparisons.filter((c) => c.metric === "p50" || c.metric === "p99") ?? [];
  const light = latency.length > 0 ? [`at one call in flight: ${latency.map((c) => c.text).join("; ")}.`] : [];
  return [...light, `${where}: ${own}`].map(capitalised).join(" ");
}
