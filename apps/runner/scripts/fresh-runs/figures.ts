// The two headline figures of a result's cells, as the fresh-runs report and the variance report
// read them: latency (p50 at one call in flight, or the cell's own latency question) and capacity
// per core, each with its interval and winner, and each launch's paired slice log ratios.
import type { CellResult, Comparison, ProtocolMeasure, RunResult } from "@relix/core";
import type { RepeatedEstimate } from "@relix/core/stats/calibration";

export const HEADLINE_FIGURES = ["latency", "capacity"] as const;
export type HeadlineFigure = (typeof HEADLINE_FIGURES)[number];

/** "noop", "item.get warm": a cell as these reports name it. */
export const cellKey = (cell: Pick<CellResult, "workload" | "cacheMode">) =>
  cell.cacheMode === "none" ? cell.workload : `${cell.workload} ${cell.cacheMode}`;

function comparisonOf(cell: CellResult, figure: HeadlineFigure): Comparison | undefined {
  return figure === "latency" ? cell.questions?.latency.p50 : cell.questions?.capacity.comparison;
}

/** A cell's figure as one of several runs' estimates; undefined where the result has none. */
export function estimateOf(cell: CellResult, figure: HeadlineFigure): RepeatedEstimate | undefined {
  const comparison = comparisonOf(cell, figure);
  if (!comparison) return undefined;
  const { estimate, low, high, degenerate } = comparison.ci;
  return { estimate, low, high, winner: comparison.winner, ...(degenerate ? { degenerate: true } : {}) };
}

/** The measures each launch of a cell holds for a figure: the light-load pair for latency, the own load's for capacity. */
function launchPairs(
  cell: CellResult,
  figure: HeadlineFigure,
): Array<{ rest: ProtocolMeasure; grpc: ProtocolMeasure }> {
  if (figure === "latency" && cell.lightLoad) return cell.lightLoad.trials;
  return cell.trials;
}

/** Each launch's paired slices' log ratios (REST over gRPC) of a figure; slices without a figure are left out. */
export function sliceLogRatios(cell: CellResult, figure: HeadlineFigure): number[][] {
  return launchPairs(cell, figure).map(({ rest, grpc }) => {
    const key = figure === "latency" ? "p50Ms" : "capacity";
    const restSlices = rest.slices?.[key] ?? [];
    const grpcSlices = grpc.slices?.[key] ?? [];
    const logs: number[] = [];
    restSlices.forEach((value, i) => {
      const against = grpcSlices[i];
      if (value && against && value > 0 && against > 0) logs.push(Math.log(value / against));
    });
    return logs;
  });
}

/** The result's cells by key. */
export const cellsOf = (result: RunResult) => new Map(result.cells.map((cell) => [cellKey(cell), cell]));
