// A swept result's points and crossovers as a CSV, one row each, `kind` telling them apart: the cell
// CSV has a row per cell and stack and no coordinates. (The Markdown's sweep section is the core's.)
import { csvField } from "@relix/core/render/markdown/csv";
import type { RunResult } from "@relix/core/result/result-schema";
import { sweepPanels } from "../report/sweep-rows";

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
