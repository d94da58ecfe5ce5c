import { z } from "zod";
import type { RunResult } from "@relix/core";

/**
 * The outcome of a run in one line, for lists: the first cell's p50 comparison. A speedup > 1
 * always means gRPC did better (packages/core/src/stats/speedup.ts). Stored beside the run so a
 * list of runs never has to load every result.
 */
export const headlineSchema = z.object({
  workload: z.string(),
  cacheMode: z.string(),
  metric: z.enum(["p50", "p99", "rps"]),
  speedup: z.number(),
  low: z.number(),
  high: z.number(),
  winner: z.enum(["grpc", "rest", "none"]),
  verdict: z.string(),
  /** How many cells (workload x cache mode) the run has; the headline is only the first. */
  cells: z.number().int().min(0),
});
export type Headline = z.infer<typeof headlineSchema>;

export function headlineOf(result: RunResult): Headline | null {
  const cell = result.cells[0];
  if (cell === undefined) return null;
  const comparison = cell.comparisons.find((c) => c.metric === "p50") ?? cell.comparisons[0];
  if (comparison === undefined) return null;
  return {
    workload: cell.workload,
    cacheMode: cell.cacheMode,
    metric: comparison.metric,
    speedup: comparison.ci.estimate,
    low: comparison.ci.low,
    high: comparison.ci.high,
    winner: comparison.winner,
    verdict: cell.verdict,
    cells: result.cells.length,
  };
}
