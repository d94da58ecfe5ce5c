// The report as Markdown, for a PR comment or a README: the same content as the terminal table
// (the answer first with both headline figures per cell, the findings once per kind under it),
// plus every comparison sentence (p50, p99, rps, calls per core) and the preset's notes.
import { sweepCoordsLabel, sweepMarkdownSection } from "../terminal/sweep-table";
import { groupFindings } from "../findings/finding-groups";
import { findingsOf } from "../findings/findings-of";
import { answerOf } from "../answer/answer";
import { answerMarkdownLines, findingsMarkdownLines, notesMarkdownLines } from "../answer/answer-text";
import { findPreset } from "../../presets/presets";
import { figureSpeedup, publishedFiguresOfResult } from "../../presets/published-figures";
import type { CellResult, RunResult } from "../../result/result-schema";
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
import { describeEnvironment, describeLoad, describeRun, presetChangedNote } from "../terminal/run-summary";
import { callerCostsMarkdown, clientsMarkdown } from "../answer/clients-text";
import { stacksMarkdown } from "./stacks-markdown";
import { comparisonsText, questionsMarkdownTable } from "./questions-markdown";
import { queuedLoadTag } from "../answer/question-figures";

/** Pipes and line breaks would end a table cell early. */
function cellText(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\r?\n/g, " ");
}

function table(
  header: readonly string[],
  align: readonly ("l" | "r")[],
  rows: readonly (readonly string[])[],
): string[] {
  const line = (cells: readonly string[]) => `| ${cells.map(cellText).join(" | ")} |`;
  return [line(header), `|${align.map((a) => (a === "r" ? "---:" : "---")).join("|")}|`, ...rows.map(line)];
}

function latency(cell: CellResult, protocol: "rest" | "grpc", pick: "p50" | "p99", corrected = false): string {
  const l = corrected ? cell[protocol].correctedLatencyMs : cell[protocol].latencyMs;
  return l && l.count > 0 ? formatMs(l[pick]) : "-";
}

function resultsTable(result: RunResult, cells: readonly CellResult[]): string[] {
  const corrected = hasCorrectedLatency(result);
  // Figures at a load that queued are headed by it ("@8"): under saturation, not latency alone.
  const tag = queuedLoadTag(result, cells);
  const raw = corrected ? " raw" : tag === null ? "" : ` ${tag}`;
  const rows = cells.map((cell) => {
    const p50 = cell.comparisons.find((c) => c.metric === "p50");
    const knobs = sweepCoordsLabel(cell);
    return [
      `\`${cell.workload}\`${knobs ? ` ${knobs}` : ""}`,
      cell.cacheMode,
      latency(cell, "rest", "p50"),
      latency(cell, "grpc", "p50"),
      latency(cell, "rest", "p99"),
      latency(cell, "grpc", "p99"),
      ...(corrected
        ? [
            latency(cell, "rest", "p50", true),
            latency(cell, "grpc", "p50", true),
            latency(cell, "rest", "p99", true),
            latency(cell, "grpc", "p99", true),
          ]
        : []),
      formatRps(cell.rest.rps),
      formatRps(cell.grpc.rps),
      `${formatInt(cell.rest.errors.total)} / ${formatInt(cell.grpc.errors.total)}`,
      `${formatBytes(cell.payload.rest.responseBodyBytes)} / ${formatBytes(cell.payload.grpc.responseBodyBytes)}`,
      p50 ? formatSpeedupCI(p50.ci) : "-",
      cell.verdict,
    ];
  });
  return table(
    [
      "workload",
      "cache",
      `REST p50 ms${raw}`,
      `gRPC p50 ms${raw}`,
      `REST p99 ms${raw}`,
      `gRPC p99 ms${raw}`,
      ...(corrected
        ? ["REST p50 ms corrected", "gRPC p50 ms corrected", "REST p99 ms corrected", "gRPC p99 ms corrected"]
        : []),
      "REST rps",
      "gRPC rps",
      "errors REST / gRPC",
      "response body REST / gRPC",
      `p50 speedup${tag === null ? "" : ` ${tag}`} [95% CI]`,
      "verdict",
    ],
    ["l", "l", "r", "r", "r", "r", ...(corrected ? (["r", "r", "r", "r"] as const) : []), "r", "r", "r", "r", "r", "l"],
    rows,
  );
}

/** A table per placement under its heading (a refused one: its reason); one table when there are no placements. */
function results(result: RunResult): string[] {
  const groups = placementGroups(result);
  if (groups.length === 0) return resultsTable(result, result.cells);
  // A sweep's cells differ by their knobs too: its own grid and sentences say it per placement.
  const verdicts = result.sweep ? [] : placementVerdicts(result);
  const overhead = describeEmulatorOverhead(result.emulatorOverhead, result.placements);
  return [
    ...groups.flatMap((group, i) => [
      ...(i === 0 ? [] : [""]),
      `### Placement ${describePlacement(group)}`,
      "",
      ...(refusalReason(group) !== null
        ? [`**Not measured:** ${oneLine(refusalReason(group)!)}`]
        : resultsTable(result, group.cells)),
    ]),
    ...(verdicts.length > 0 ? ["", "### By placement (p50)", "", ...verdicts.map((v) => `- ${v.text}`)] : []),
    ...(overhead.length > 0 ? ["", ...overhead] : []),
  ];
}

function comparisons(result: RunResult): string[] {
  const placed = hasPlacements(result);
  return result.cells.map((cell) => {
    const where = placed ? `, ${cell.placement ?? "loopback"}` : "";
    return `- **\`${cell.workload}\`** (${cell.cacheMode}${where}): ${comparisonsText(cell, result)}`;
  });
}

function publishedTable(result: RunResult): string[] {
  const figures = publishedFiguresOfResult(result);
  if (figures.length === 0) return [];
  const ratio = (unit: string, rest: number | null, grpc: number | null) => {
    const speedup = figureSpeedup(unit, rest, grpc);
    return speedup === null ? "-" : formatRatio(speedup);
  };
  const placed = hasPlacements(result);
  const rows = figures.map((f) => [
    `\`${f.workload}\``,
    ...(placed ? [f.placement] : []),
    f.cacheMode,
    f.note ? `${f.label} (${f.note})` : f.label,
    f.unit,
    formatFigure(f.unit, f.published.rest),
    formatFigure(f.unit, f.measured.rest),
    formatFigure(f.unit, f.published.grpc),
    formatFigure(f.unit, f.measured.grpc),
    ratio(f.unit, f.published.rest, f.published.grpc),
    ratio(f.unit, f.measured.rest, f.measured.grpc),
  ]);
  return [
    "",
    `## Published (${result.spec.preset}) vs measured`,
    "",
    "Absolute numbers depend on the machine; compare the speedups (above 1: gRPC did better).",
    "",
    ...table(
      [
        "workload",
        ...(placed ? ["placement"] : []),
        "cache",
        "figure",
        "unit",
        "REST published",
        "REST measured",
        "gRPC published",
        "gRPC measured",
        "speedup published",
        "speedup measured",
      ],
      [...(placed ? (["l"] as const) : []), "l", "l", "l", "l", "r", "r", "r", "r", "r", "r"],
      rows,
    ),
  ];
}

function presetNotes(result: RunResult): string[] {
  const preset = result.spec.preset === undefined ? undefined : findPreset(result.spec.preset);
  if (!preset || preset.notes.length === 0) return [];
  const changed = presetChangedNote(result);
  return [
    "",
    `## About the ${preset.name} preset`,
    "",
    preset.description,
    "",
    ...(changed ? [`**${changed}**`, ""] : []),
    ...preset.notes.map((note) => `- ${note}`),
  ];
}

const oneLine = (text: string) => text.replace(/\r?\n/g, " ");

/** `permalink`: where the report lives (the web app's export adds it). */
export function renderMarkdownReport(result: RunResult, permalink?: string): string {
  const groups = groupFindings(findingsOf(result), result.cells.length);
  const lines = [
    `# ${describeRun(result)}`,
    "",
    ...(permalink ? [`Report: ${permalink}`, ""] : []),
    ...answerMarkdownLines(answerOf(result, groups), questionsMarkdownTable(result, table), queuedLoadTag(result)),
    "",
    ...findingsMarkdownLines(groups),
    `- **Load:** ${describeLoad(result)}`,
    `- **Environment:** ${describeEnvironment(result)}`,
    "",
    "## Results",
    "",
    ...results(result),
    "",
    ...(hasCorrectedLatency(result) ? [CORRECTED_LEGEND, ""] : []),
    'p50 speedup = REST p50 / gRPC p50: above 1 gRPC was faster. A winner is named only when the whole 95% CI is on one side of 1 (in a study\'s run, only where a calibration measured its run-to-run noise: else "not enough to tell"); otherwise the verdict says the largest difference the interval leaves possible.',
    "",
    "## Comparisons",
    "",
    ...comparisons(result),
    ...sweepMarkdownSection(result, table),
    ...stacksMarkdown(result, table),
    ...clientsMarkdown(result, table),
    ...callerCostsMarkdown(result),
    ...notesMarkdownLines(groups),
    ...publishedTable(result),
    ...presetNotes(result),
  ];
  return `${lines.join("\n")}\n`;
}
