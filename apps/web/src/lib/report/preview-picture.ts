import type { AnswerPicture } from "@relix/core/render/answer/answer";
import type { Comparison, RunResult } from "@relix/core/result/result-schema";
import { rttSpeedupSeries } from "./placement-rows";
import { answerSpeedup } from "./answer-speedup";
import { stackPanels } from "./stack-rows";
import { axisValueText, sweepPanels } from "./sweep-rows";

// The answer's picture reduced to what a chat's link preview can show at a glance (an image made
// on the server, without a browser to draw the charts): a sweep's map as its coloured grid, every
// other picture as one bar per point. The numbers are the report's own.

export interface PreviewBar {
  label: string;
  /** > 1: gRPC faster (or, on a layer ladder, the step made it faster). */
  ratio: number;
  winner: Comparison["winner"];
}

export interface PreviewGridCell {
  label: string;
  fill: string;
  ink: string;
}

export type PreviewPicture =
  | { kind: "grid"; title: string; rows: string[]; columns: string[]; cells: Array<Array<PreviewGridCell | null>> }
  | { kind: "bars"; title: string; bars: PreviewBar[] };

/** More bars than this do not read at preview size; the report has the rest. */
const MAX_BARS = 8;

const significantWinner = (significant: boolean, ratio: number): Comparison["winner"] =>
  !significant ? "none" : ratio > 1 ? "grpc" : "rest";

export function previewPicture(result: RunResult, kind: AnswerPicture): PreviewPicture {
  if (kind === "sweep") {
    const panel = sweepPanels(result)[0];
    if (panel?.kind === "heatmap") {
      return {
        kind: "grid",
        title: `${panel.workload}: gRPC speedup by ${panel.rows.label}${panel.columns ? ` and ${panel.columns.label}` : ""}`,
        rows: panel.rows.values.map((v) => axisValueText(panel.rows.dimension, v)),
        columns: panel.columns ? panel.columns.values.map((v) => axisValueText(panel.columns!.dimension, v)) : [""],
        cells: panel.grid.map((row) => row.map((c) => (c ? { label: c.label, fill: c.fill, ink: c.ink } : null))),
      };
    }
    if (panel?.kind === "line") {
      return {
        kind: "bars",
        title: `${panel.workload}: gRPC speedup against ${panel.axis.label}`,
        bars: panel.line
          .filter((p) => p.speedup !== null)
          .map((p) => ({ label: axisValueText(panel.axis.dimension, p.x), ratio: p.speedup!, winner: p.winner })),
      };
    }
  }
  if (kind === "placements") {
    const series = rttSpeedupSeries(result)[0];
    if (series) {
      return {
        kind: "bars",
        title: `${series.title}: gRPC speedup against RTT`,
        bars: series.points.map((p) => ({ label: p.placement, ratio: p.speedup, winner: p.winner })),
      };
    }
  }
  if (kind === "stacks") {
    const panel = stackPanels(result).find((p) => p.ladder.length > 0);
    if (panel) {
      return {
        kind: "bars",
        title: `${panel.title}: express to grpc-js, one layer at a time`,
        bars: panel.ladder.map((r) => ({
          label: r.step,
          ratio: r.ratio,
          winner: significantWinner(r.significant, r.ratio),
        })),
      };
    }
  }
  // The same bars as the first screen's picture: the latency question's p50 where the run asked it.
  const { rows, title } = answerSpeedup(result);
  return {
    kind: "bars",
    title,
    bars: rows.slice(0, MAX_BARS).map((r) => ({ label: r.cell, ratio: r.speedup, winner: r.winner })),
  };
}
