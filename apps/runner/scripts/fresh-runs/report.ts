// The fresh-runs report: for each cell and headline figure, how many of the runs' intervals hold
// the median of all the runs' estimates, and how many pairs of runs named opposite winners.
import { calibrationSummary, type CalibrationSummary, type RepeatedEstimate } from "@relix/core/stats/calibration";
import { HEADLINE_FIGURES, type HeadlineFigure } from "./figures";

export interface FigureRow {
  cell: string;
  figure: HeadlineFigure;
  summary: CalibrationSummary;
  /** Intervals that hold the median, at least `needed` of the runs, and no opposite winners. */
  holds: boolean;
}

/** Each cell's rows; `needed`: the share of runs whose intervals must hold the median (18 of 20: 0.9). */
export function figureRows(
  estimates: ReadonlyMap<string, Record<HeadlineFigure, RepeatedEstimate[]>>,
  needed: number,
): FigureRow[] {
  const rows: FigureRow[] = [];
  for (const [cell, figures] of estimates) {
    for (const figure of HEADLINE_FIGURES) {
      const runs = figures[figure];
      if (runs.length === 0) continue;
      const summary = calibrationSummary(runs);
      const holds = summary.covering >= Math.ceil(needed * summary.runs) && summary.oppositePairs === 0;
      rows.push({ cell, figure, summary, holds });
    }
  }
  return rows;
}

const ratio = (x: number) => x.toFixed(2);

/** The rows as a Markdown table, the way docs/results.md records them. */
export function markdownTable(rows: readonly FigureRow[]): string {
  const lines = [
    "| cell | figure | median ratio (REST/gRPC for latency, gRPC/REST for capacity) | intervals holding it | opposite pairs | verdicts | holds |",
    "|---|---|---|---|---|---|---|",
  ];
  for (const { cell, figure, summary, holds } of rows) {
    const verdicts = Object.entries(summary.winners)
      .map(([winner, n]) => `${winner} ${n}`)
      .join(", ");
    lines.push(
      `| ${cell} | ${figure} | ${ratio(summary.medianEstimate)} | ${summary.covering}/${summary.runs} | ${summary.oppositePairs} | ${verdicts} | ${holds ? "yes" : "no"} |`,
    );
  }
  return lines.join("\n");
}
