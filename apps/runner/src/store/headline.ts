import type { RunResult } from "@relix/core";
import { headlineSchema, type Headline } from "@relix/core/runner-api/headline";

// The headline is part of the runner's API (@relix/core/runner-api); the store keeps it too.
export { headlineSchema, type Headline };

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
