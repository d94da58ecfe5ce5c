// A swept result's grid and crossovers for the downloads: a Markdown section (the crossovers in
// words, the grid as the heatmap shows it, every point) and a CSV of points and crossovers, one row
// each, `kind` telling them apart. Laid out by the same panels as the report, so both read alike.
import { csvField } from "@relix/core/render/csv";
import { formatSpeedupCI } from "@relix/core/render/format";
import type { RunResult } from "@relix/core/result/result-schema";
import { axisValueText, sweepPanels, type SweepPanel } from "../report/sweep-rows";

const cellText = (text: string) => text.replace(/\|/g, "\\|").replace(/\r?\n/g, " ");
const row = (cells: readonly string[]) => `| ${cells.map(cellText).join(" | ")} |`;
const table = (head: readonly string[], rows: readonly string[][]) => [
  row(head),
  `|${head.map(() => "---").join("|")}|`,
  ...rows.map(row),
];

function gridMarkdown(panel: SweepPanel): string[] {
  if (panel.kind !== "heatmap") return [];
  const { columns, rows, grid } = panel;
  const mark = (cell: (typeof grid)[number][number]) =>
    cell === null ? "-" : `${cell.label}${cell.significant ? (cell.winner === "grpc" ? " gRPC" : " REST") : ""}`;
  return [
    ...table(
      [
        rows ? `${rows.label} \\ ${columns.label}` : columns.label,
        ...columns.values.map((v) => axisValueText(columns.dimension, v)),
      ],
      grid.map((cells, r) => [
        rows ? axisValueText(rows.dimension, rows.values[r]!) : "p50 speedup",
        ...cells.map(mark),
      ]),
    ),
    "",
  ];
}

function pointsMarkdown(panel: SweepPanel): string[] {
  return table(
    [...panel.axes.map((a) => a.label), "p50 speedup [95% CI]", "verdict", "point"],
    panel.points.map((p) => [
      ...panel.axes.map((a) =>
        p.coords[a.dimension] === undefined ? "-" : axisValueText(a.dimension, p.coords[a.dimension]!),
      ),
      p.speedup === null
        ? "-"
        : formatSpeedupCI({ estimate: p.speedup, low: p.low!, high: p.high!, degenerate: false }),
      p.verdict,
      p.refinement ? "added by the search" : "grid",
    ]),
  );
}

/** The "## Sweep" section; [] for a result without a sweep. */
export function sweepMarkdown(result: RunResult): string[] {
  const panels = sweepPanels(result);
  if (panels.length === 0) return [];
  const lines = ["", "## Sweep: where the verdict changes", ""];
  if (result.sweep?.stoppedEarly)
    lines.push(`> The crossover search stopped early: ${cellText(result.sweep.stoppedEarly)}`, "");
  for (const panel of panels) {
    lines.push(`### ${panel.workload}`, "");
    for (const c of panel.crossovers) lines.push(`- ${cellText(c.text)} (${c.status})`);
    if (panel.crossovers.length > 0) lines.push("");
    lines.push(...gridMarkdown(panel), ...pointsMarkdown(panel));
  }
  return lines;
}

const POINT_COLUMNS = ["p50_speedup", "p50_low", "p50_high", "winner", "verdict", "refinement"];
const CROSSOVER_COLUMNS = ["dimension", "status", "winner_above", "low", "high", "estimate", "text"];

/** One row per sweep point and per crossover (its row's coordinates in the axis columns); "" without a sweep. */
export function renderSweepCsv(result: RunResult): string {
  const sweep = result.sweep;
  if (!sweep) return "";
  const dims = sweepPanels(result)[0]?.axes.map((a) => a.dimension) ?? [];
  const header = ["run_id", "kind", "workload", ...dims, ...POINT_COLUMNS, ...CROSSOVER_COLUMNS];
  const blank = (n: number) => Array<string>(n).fill("");
  const lines = [
    header,
    ...sweep.points.map((p) => [
      result.id,
      "point",
      p.workload,
      ...dims.map((d) => csvField(p.coords[d])),
      csvField(p.p50?.estimate),
      csvField(p.p50?.low),
      csvField(p.p50?.high),
      p.winner,
      csvField(p.verdict),
      String(p.refinement),
      ...blank(CROSSOVER_COLUMNS.length),
    ]),
    ...sweep.crossovers.map((c) => [
      result.id,
      "crossover",
      c.workload,
      ...dims.map((d) => csvField(c.row[d])),
      ...blank(POINT_COLUMNS.length),
      c.dimension,
      c.status,
      csvField(c.winnerAbove),
      csvField(c.low),
      csvField(c.high),
      csvField(c.estimate),
      csvField(c.text),
    ]),
  ];
  return lines.map((l) => l.join(",")).join("\r\n") + "\r\n";
}
