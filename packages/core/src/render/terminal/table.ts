// The terminal report: read at a glance, top to bottom: what ran, the answer (answer.ts), the
// results per cell, the published figures beside the measured ones, the preset's notes, and the
// findings once per kind (finding-groups.ts): what can change a verdict first, then how to read them.
import { sweepCoordsLabel, sweepTerminalSection } from "./sweep-table";
import { groupFindings, type FindingGroup } from "../findings/finding-groups";
import { findingsOf } from "../findings/findings-of";
import { answerOf } from "../answer/answer";
import { answerTerminalLines, findingsTerminalLines } from "../answer/answer-text";
import { findPreset } from "../../presets/presets";
import { figureSpeedup, publishedFiguresOfResult } from "../../presets/published-figures";
import type { CellResult, RunResult } from "../../result/result-schema";
import { detectableDifference, verdictFiguresOf } from "../../stats/verdict";
import { noWinnerWords, percentText } from "../verdicts/verdict-text";
import { styles, type Styles } from "./ansi";
import { formatBytes, formatFigure, formatMs, formatRatio, formatRps, formatInt, formatSpeedupCI } from "../format";
import { CORRECTED_LEGEND, hasCorrectedLatency } from "../answer/corrected-latency";
import {
  describeEmulatorOverhead,
  describePlacement,
  hasPlacements,
  placementGroups,
  placementVerdicts,
  refusalReason,
} from "../answer/placements";
import { describeEnvironment, describeLoad, describeRun, presetChangedNote } from "./run-summary";
import { callerCostsTerminalSection, clientsTerminalSection } from "../answer/clients-text";
import { stacksSection } from "./stacks-table";
import { questionLines } from "./question-lines";
import { ownLoadOf, ownLoadTag, queuedLoadTag, resultHasQuestions } from "../answer/question-figures";
import { renderTable, type Column } from "./text-table";

export interface TableOptions {
  color?: boolean;
}

/** `load`: " @8" where the cells' own load queued (under saturation), so no column reads as latency alone; else "". */
const latencyColumns = (corrected: boolean, load: string): Column[] =>
  corrected
    ? [
        { header: "p50 ms raw", align: "right" },
        { header: "p99 ms raw", align: "right" },
        { header: "p50 ms corrected", align: "right" },
        { header: "p99 ms corrected", align: "right" },
      ]
    : [
        { header: `p50 ms${load}`, align: "right" },
        { header: `p99 ms${load}`, align: "right" },
      ];

const resultColumns = (corrected: boolean, load: string): Column[] => [
  { header: "workload" },
  { header: "cache" },
  { header: "protocol" },
  ...latencyColumns(corrected, load),
  { header: "rps", align: "right" },
  { header: "errors", align: "right" },
  { header: "req body", align: "right" },
  { header: "resp body", align: "right" },
  { header: `p50 speedup${load} [95% CI]`, align: "right" },
  { header: "verdict" },
];

/**
 * The verdict column's words for the cell's own p50 comparison. `load`: " at p50 @8" in a run that
 * asked the two questions, whose answer names the latency where the server was not queueing: this
 * column is read at the cell's own load and must say so beside it; "" in results written before.
 */
function shortVerdict(cell: CellResult, s: Styles, load: string): string {
  const p50 = cell.comparisons.find((c) => c.metric === "p50");
  if (!p50) return s.dim("not compared");
  const suffix = `${load}${p50.ci.degenerate ? " (1 trial)" : ""}`;
  if (p50.winner === "grpc") return s.green(`gRPC faster${suffix}`);
  if (p50.winner === "rest") return s.yellow(`REST faster${suffix}`);
  // Read against a margin: "the same within 5%" or "not enough to tell", as the sentence says.
  if (p50.ci.margin !== undefined) return `${noWinnerWords(verdictFiguresOf({ metric: "p50", ci: p50.ci }))}${suffix}`;
  if (p50.ci.degenerate || p50.ci.winnerWithheld) return `not enough to tell${suffix}`;
  // "Not significant" is not "equal": the largest difference the interval leaves possible.
  return `no difference > ${percentText(detectableDifference(p50.ci))}${load}`;
}

function cellRows(cell: CellResult, s: Styles, corrected: boolean, verdictLoad: string): string[][] {
  const p50 = cell.comparisons.find((c) => c.metric === "p50");
  const side = (protocol: "rest" | "grpc") => {
    const m = cell[protocol];
    const hasLatency = m.latencyMs.count > 0;
    const fromDue = m.correctedLatencyMs;
    return [
      hasLatency ? formatMs(m.latencyMs.p50) : "-",
      hasLatency ? formatMs(m.latencyMs.p99) : "-",
      ...(corrected
        ? [
            fromDue && fromDue.count > 0 ? formatMs(fromDue.p50) : "-",
            fromDue && fromDue.count > 0 ? formatMs(fromDue.p99) : "-",
          ]
        : []),
      formatRps(m.rps),
      m.errors.total > 0 ? s.red(formatInt(m.errors.total)) : "0",
      formatBytes(cell.payload[protocol].requestBodyBytes),
      formatBytes(cell.payload[protocol].responseBodyBytes),
    ];
  };
  return [
    [
      cell.workload,
      cell.cacheMode === "none" ? "-" : cell.cacheMode,
      "REST",
      ...side("rest"),
      p50 ? formatSpeedupCI(p50.ci) : "-",
      shortVerdict(cell, s, verdictLoad),
    ],
    [sweepCoordsLabel(cell), "", "gRPC", ...side("grpc")],
  ];
}

function cellsTable(result: RunResult, cells: readonly CellResult[], s: Styles, corrected: boolean): string[] {
  const asked = resultHasQuestions(result);
  const verdictLoad = (cell: CellResult) => (asked ? ` at p50 ${ownLoadTag(ownLoadOf(cell, result.spec))}` : "");
  const rows = cells.flatMap((cell, i) => {
    const cellLines = cellRows(cell, s, corrected, verdictLoad(cell));
    return i === 0 ? cellLines : [[], ...cellLines];
  });
  const tag = queuedLoadTag(result, cells);
  return renderTable(resultColumns(corrected, tag === null ? "" : ` ${tag}`), rows);
}

/** A table per placement under its heading; a refused placement is its heading and reason alone. */
function placedTables(result: RunResult, s: Styles, corrected: boolean): string[] {
  const groups = placementGroups(result);
  if (groups.length === 0) return cellsTable(result, result.cells, s, corrected);
  const sections = groups.map((group) => {
    const refusal = refusalReason(group);
    const heading = s.bold(`Placement ${describePlacement(group)}`);
    if (refusal !== null) return [s.red(heading), `  not measured: ${refusal}`];
    return [heading, ...cellsTable(result, group.cells, s, corrected)];
  });
  // A sweep's cells differ by their knobs too: its own grid and sentences say it per placement.
  const verdicts = result.sweep ? [] : placementVerdicts(result);
  return [
    ...sections.flatMap((lines, i) => (i === 0 ? lines : ["", ...lines])),
    ...(verdicts.length > 0 ? ["", s.bold("By placement (p50)"), ...verdicts.map((v) => `- ${v.text}`)] : []),
    ...describeEmulatorOverhead(result.emulatorOverhead, result.placements).map((line) => s.dim(line)),
  ];
}

function resultsSection(result: RunResult, s: Styles): string[] {
  const corrected = hasCorrectedLatency(result);
  return [
    ...placedTables(result, s, corrected),
    "",
    ...(corrected ? [s.dim(CORRECTED_LEGEND)] : []),
    s.dim(
      "p50 speedup = REST p50 / gRPC p50: above 1 gRPC was faster. A winner is named only when the whole 95% CI is on one side of 1 (in a study's run, only where a calibration measured its run-to-run noise: else 'not enough to tell'); otherwise 'no difference > N%' is the largest difference the interval leaves possible.",
    ),
  ];
}

function publishedSection(result: RunResult, s: Styles): string[] {
  const figures = publishedFiguresOfResult(result);
  if (figures.length === 0) return [];
  const notes: string[] = [];
  const marker = (note: string | undefined) => {
    if (note === undefined) return "";
    if (!notes.includes(note)) notes.push(note);
    return ` [${notes.indexOf(note) + 1}]`;
  };
  const ratio = (unit: string, rest: number | null, grpc: number | null) => {
    const speedup = figureSpeedup(unit, rest, grpc);
    return speedup === null ? "-" : formatRatio(speedup);
  };
  const placed = hasPlacements(result);
  const rows = figures.map((f) => [
    f.workload,
    ...(placed ? [f.placement] : []),
    f.cacheMode === "none" ? "-" : f.cacheMode,
    f.label + marker(f.note),
    f.unit,
    formatFigure(f.unit, f.published.rest),
    formatFigure(f.unit, f.measured.rest),
    formatFigure(f.unit, f.published.grpc),
    formatFigure(f.unit, f.measured.grpc),
    ratio(f.unit, f.published.rest, f.published.grpc),
    ratio(f.unit, f.measured.rest, f.measured.grpc),
  ]);
  const columns: Column[] = [
    { header: "workload" },
    ...(placed ? [{ header: "placement" }] : []),
    { header: "cache" },
    { header: "figure" },
    { header: "unit" },
    ...[
      "REST published",
      "REST measured",
      "gRPC published",
      "gRPC measured",
      "speedup published",
      "speedup measured",
    ].map((header) => ({ header, align: "right" as const })),
  ];
  return [
    "",
    s.bold(`Published (${result.spec.preset}) vs measured`) +
      s.dim(" · absolute numbers depend on the machine; compare the speedups"),
    ...renderTable(columns, rows),
    ...notes.map((note, i) => s.dim(`[${i + 1}] ${note}`)),
  ];
}

/** The preset's notes: where it departs from its study, and why; as much part of the result as the figures. */
function presetNotesSection(result: RunResult, s: Styles): string[] {
  const preset = result.spec.preset === undefined ? undefined : findPreset(result.spec.preset);
  if (!preset || preset.notes.length === 0) return [];
  const changed = presetChangedNote(result);
  return [
    "",
    s.bold(`About the ${preset.name} preset`) + s.dim(` · ${preset.description}`),
    ...(changed ? [s.bold(changed)] : []),
    ...preset.notes.map((note) => `- ${note}`),
  ];
}

export function renderTableReport(result: RunResult, options: TableOptions = {}): string {
  const s = styles(options.color ?? false);
  const groups: FindingGroup[] = groupFindings(findingsOf(result), result.cells.length);
  const embedded = result.environment.backends.origin === "embedded";
  const lines = [
    // Embedded backends change what the numbers mean: say so before any number, not only after.
    ...(embedded ? [s.bold(s.red("!!! EMBEDDED BACKENDS: not Redis/MySQL. See the warnings below. !!!"))] : []),
    s.bold(describeRun(result)),
    "",
    ...answerTerminalLines(
      answerOf(result, groups),
      s,
      questionLines(result, s, result.cells.length),
      queuedLoadTag(result),
    ),
    "",
    describeLoad(result),
    s.dim(describeEnvironment(result)),
    "",
    ...resultsSection(result, s),
    ...sweepTerminalSection(result, s),
    ...stacksSection(result, s),
    ...clientsTerminalSection(result, s),
    ...callerCostsTerminalSection(result, s),
    ...publishedSection(result, s),
    ...presetNotesSection(result, s),
    ...findingsTerminalLines(groups, s),
  ];
  return `${lines.join("\n")}\n`;
}
