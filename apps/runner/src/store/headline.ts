import type { RunResult } from "@relix/core";
import { headlineSchema, type Headline } from "@relix/core/runner-api/headline";

// The headline is part of the runner's API (@relix/core/runner-api); the store keeps it too.
export { headlineSchema, type Headline };

/**
 * Longest headline texts, in characters. A verdict Relix writes is under 200 characters and a
 * workload id under 40; an imported document may carry anything (relix.result/v1 sets no length),
 * and the headline must fit the store's column (MySQL TEXT: 64 KB) and a line of a list.
 */
export const HEADLINE_MAX_CHARS = { workload: 120, verdict: 300 } as const;

/**
 * The comparison a headline's factor and colour come from. A cell that asked the two questions
 * reads its verdict as their sentence, which names the latency winner first: its p50 where the
 * server was not queueing. The p50 at the cell's own load (8 in flight: mostly queueing) could name
 * the other side and colour the sentence against its own words. Cells written before keep their p50.
 */
function headlineComparison(cell: RunResult["cells"][number]) {
  const latency = cell.questions?.latency.p50;
  if (latency !== undefined) return latency;
  return cell.comparisons.find((c) => c.metric === "p50") ?? cell.comparisons[0];
}

/**
 * The first cell's p50 comparison, for lists. Texts too long for a headline are cut with an
 * ellipsis rather than refused: the headline is derived, the document itself is valid and is
 * kept whole (its report shows the full verdict), and a finished run cannot be refused at all.
 */
export function headlineOf(result: RunResult): Headline | null {
  const cell = result.cells[0];
  if (cell === undefined) return null;
  const comparison = headlineComparison(cell);
  if (comparison === undefined) return null;
  return {
    workload: shortened(cell.workload, HEADLINE_MAX_CHARS.workload),
    cacheMode: cell.cacheMode,
    metric: comparison.metric,
    speedup: comparison.ci.estimate,
    low: comparison.ci.low,
    high: comparison.ci.high,
    winner: comparison.winner,
    verdict: shortened(cell.verdict, HEADLINE_MAX_CHARS.verdict),
    cells: result.cells.length,
  };
}

function shortened(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  let kept = text.slice(0, maxChars - 1);
  // Never half of a character outside the Basic Multilingual Plane (a lone surrogate).
  if (/[\uD800-\uDBFF]$/.test(kept)) kept = kept.slice(0, -1);
  return `${kept}…`;
}
