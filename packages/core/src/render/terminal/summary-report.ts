// The terminal report `pnpm bench` prints by default, read in a minute: what ran, the question,
// one line per comparison (where the run asked both headline questions, latency and capacity side
// by side, question-lines.ts; else the p50 verdict: the better side named, its factor and
// interval, the client that measured it), one table of each side's figures with its client
// (side-figures-table.ts), the cause when the run walked the layers, and the findings one line
// each with their codes. Everything else (the answer's sentences, the clients' and layers' tables,
// the published figures, the preset's notes, each finding's paragraph) is in `--verbose`, the
// Markdown export and the web report.
import { findingCellLabel, groupFindings, verdictCaveats, type FindingGroup } from "../findings/finding-groups";
import { findingsOf } from "../findings/findings-of";
import type { RunResult } from "../../result/result-schema";
import { figureSpeedup, publishedFiguresOfResult } from "../../presets/published-figures";
import { sweepSummaries } from "../sweeps/crossover-text";
import { styles, type Styles } from "./ansi";
import { questionOf, whyShortOf } from "../answer/answer";
import { resultHasQuestions } from "../answer/question-figures";
import { comparisonRow } from "../verdicts/comparison-row";
import { factorText, sideFactor } from "../verdicts/factor";
import { formatInt } from "../format";
import { hasPlacements } from "../answer/placements";
import { describeLoad, describeRun } from "./run-summary";
import { comparisonName } from "./comparison-name";
import { questionLines } from "./question-lines";
import { sideFiguresTable } from "./side-figures-table";
import { renderTable, type Column } from "./text-table";

export interface SummaryOptions {
  color?: boolean;
}

/** More comparison lines than this and the rest are counted: the verdicts of a big grid are in --verbose. */
const MAX_COMPARISONS = 8;
/** More finding lines than this and the rest are counted. */
const MAX_FINDINGS = 5;

/** One row per cell: its name, the p50 verdict coloured by winner, the interval, the client that measured it. */
function comparisonRows(result: RunResult, s: Styles): string[][] {
  const placed = hasPlacements(result);
  return result.cells.map((cell) => {
    const row = comparisonRow(cell);
    const words = row.winner === "grpc" ? s.green(row.words) : row.winner === "rest" ? s.yellow(row.words) : row.words;
    return [comparisonName(cell, placed), words, row.interval, row.client];
  });
}

function comparisonLines(result: RunResult, s: Styles): string[] {
  // A sweep's question is where the verdict changes: its crossover sentences say that.
  const swept = result.sweep ? sweepSummaries(result.sweep) : [];
  if (swept.length > 0) return swept.map((line) => `  ${line}`);
  // Both headline figures, latency and capacity, where the run asked them.
  if (resultHasQuestions(result)) return questionLines(result, s, MAX_COMPARISONS);
  const rows = comparisonRows(result, s);
  const shown = rows.slice(0, MAX_COMPARISONS);
  const columns: Column[] = [{ header: "" }, { header: "" }, { header: "" }, { header: "" }];
  // No header: each line reads as a sentence ("noop  gRPC 1.49x faster  [1.30-1.70]  h2load").
  const lines = renderTable(columns, shown)
    .slice(2)
    .map((line) => `  ${line}`);
  const more = rows.length - shown.length;
  return more > 0 ? [...lines, s.dim(`  and ${formatInt(more)} more (--verbose)`)] : lines;
}

/** More published figures than this and the rest are counted. */
const MAX_PUBLISHED = 6;

/** "gRPC 1.40x" for a figure's advantage (> 1: gRPC did better, figureSpeedup's convention). */
function advantageText(advantage: number | null): string {
  if (advantage === null) return "-";
  const { side, factor } = sideFactor(advantage);
  return `${side === "grpc" ? "gRPC" : "REST"} ${factorText(factor)}`;
}

/** A study preset's published figures beside the measured ones: each side's advantage, one line a figure. */
function publishedLines(result: RunResult, s: Styles): string[] {
  const figures = publishedFiguresOfResult(result);
  if (figures.length === 0) return [];
  const rows = figures
    .slice(0, MAX_PUBLISHED)
    .map((f) => [
      `${f.workload}${f.cacheMode === "none" ? "" : ` (${f.cacheMode})`}`,
      f.label,
      advantageText(figureSpeedup(f.unit, f.published.rest, f.published.grpc)),
      advantageText(figureSpeedup(f.unit, f.measured.rest, f.measured.grpc)),
    ]);
  const columns: Column[] = [
    { header: "published figure" },
    { header: "" },
    { header: "published" },
    { header: "measured" },
  ];
  const more = figures.length - rows.length;
  return [
    "",
    ...renderTable(columns, rows).filter((_, i) => i !== 1),
    ...(more > 0 ? [s.dim(`and ${formatInt(more)} more (--verbose)`)] : []),
  ];
}

/** Findings' cells named in one line; more are counted. */
const NAMED_CELLS = 3;
/** A run-wide finding's figures are cut here, so its line stays one line. */
const MAX_LINE = 110;

/**
 * "RX005 CLIENT WORK UNEQUAL in 2 of 4 cells: noop, stream": the cells it is about (their
 * placement only when the run had several); for a run-wide finding, its first sentence's figures
 * ("RX009 SHORT WINDOW: fewer than 300 successful requests ... for gRPC stream (88)").
 */
function findingText(group: FindingGroup, totalCells: number, placed: boolean): string {
  const head = `${group.code ?? "RX---"} ${group.title}`;
  if (group.cells.length > 0) {
    const labels = group.cells.map((c) => findingCellLabel(placed ? c : { ...c, placement: undefined }));
    const named = labels.slice(0, NAMED_CELLS).join(", ");
    const more = labels.length > NAMED_CELLS ? ` and ${formatInt(labels.length - NAMED_CELLS)} more` : "";
    const of = totalCells > 1 ? ` in ${formatInt(labels.length)} of ${formatInt(totalCells)} cells` : "";
    return `${head}${of}: ${named}${more}`;
  }
  // The finding's own sentence opens with its title in capitals, then its figures up to the next colon.
  const figures = group.findings[0]?.text.replace(/^[A-Z][A-Z0-9 .'-]*?:\s*/, "").split(/: /)[0] ?? "";
  const line = figures ? `${head}: ${figures}` : head;
  return line.length > MAX_LINE ? `${line.slice(0, MAX_LINE - 1)}…` : line;
}

/** One line a group, warnings loud. */
function findingLine(group: FindingGroup, totalCells: number, placed: boolean, s: Styles): string {
  const line = findingText(group, totalCells, placed);
  return group.severity === "warning" ? s.red(`  ! ${line}`) : s.dim(`  · ${line}`);
}

function findingLines(result: RunResult, groups: readonly FindingGroup[], s: Styles): string[] {
  if (groups.length === 0) return [];
  const caveats = verdictCaveats(groups);
  // groupFindings ranks what can change a verdict first; what does not fit is counted.
  const listed = groups.slice(0, MAX_FINDINGS);
  const hidden = groups.length - listed.length;
  const can = caveats.length === 0 ? "none can change a verdict" : `${formatInt(caveats.length)} can change a verdict`;
  const head = `Findings: ${can}${hidden > 0 ? `, ${formatInt(hidden)} more with --verbose` : ""} · pnpm bench --explain CODE`;
  const placed = hasPlacements(result);
  return [s.bold(head), ...listed.map((g) => findingLine(g, result.cells.length, placed, s))];
}

export function renderSummaryReport(result: RunResult, options: SummaryOptions = {}): string {
  const s = styles(options.color ?? false);
  const groups = groupFindings(findingsOf(result), result.cells.length);
  const embedded = result.environment.backends.origin === "embedded";
  const why = whyShortOf(result);
  const lines = [
    ...(embedded
      ? [s.bold(s.red("!!! EMBEDDED BACKENDS: not Redis/MySQL: these figures are not the experiment's."))]
      : []),
    s.bold(describeRun(result)),
    s.dim(describeLoad(result)),
    questionOf(result),
    ...comparisonLines(result, s),
    "",
    ...sideFiguresTable(result, s, MAX_COMPARISONS),
    ...publishedLines(result, s),
    ...(why ? ["", `Why: ${why}`] : []),
    "",
    ...findingLines(result, groups, s),
  ];
  return `${lines.join("\n")}\n`;
}
