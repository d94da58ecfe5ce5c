// The Markdown report's stacks section: the same content as the terminal's (stacks-table.ts), plus
// every comparison sentence of each stack against express and grpc-js.
import type { CellResult, RunResult } from "../../result/result-schema";
import { cellPair } from "../../stacks/stack-pair";
import {
  cellHasStacks,
  layerRowsOf,
  SPLIT_LEGEND,
  splitOf,
  stackCellTitle,
  stackRowsOf,
  pairColumnHeaders,
  stacksLegend,
  splitFigureTexts,
  stackRatioText,
  stackRowTexts,
} from "../stacks";
import { splitVerdict } from "../terminal/stacks-table";

/** How the Markdown report draws a table (markdown.ts `table`), handed to each section. */
export type Table = (
  header: readonly string[],
  align: readonly ("l" | "r")[],
  rows: readonly (readonly string[])[],
) => string[];

function cellSection(result: RunResult, cell: CellResult, table: Table): string[] {
  const rows = stackRowsOf(cell);
  const layers = layerRowsOf(cell);
  const pairs = cell.stackComparisons ?? [];
  return [
    "",
    `### Stacks: \`${cell.workload}\` ${stackCellTitle(result, cell).slice(cell.workload.length + 1)}`,
    "",
    ...table(
      ["stack", "tool", "p50 ms", "p99 ms", "rps", ...pairColumnHeaders(cell)],
      ["l", "l", "r", "r", "r", "r", "r"],
      rows.map(stackRowTexts),
    ),
    ...(layers.length > 0
      ? [
          "",
          `Layer walk, ${cellPair(cell).rest} to ${cellPair(cell).grpc}:`,
          "",
          ...table(
            ["layer", "step", "p50 ratio [95% CI]", "reading"],
            ["l", "l", "r", "l"],
            layers.map((l) => [l.layer, `${l.from} → ${l.to}`, stackRatioText(l.ratio), l.text]),
          ),
        ]
      : []),
    "",
    "Split of the client latency (mean ms per request):",
    "",
    ...table(
      ["stack", "client mean", "network+client", "framework", "codec", "handler", "sum of parts", "adds up"],
      ["l", "r", "r", "r", "r", "r", "r", "l"],
      rows.map((row) => {
        const view = splitOf(row.measure);
        if (!view) return [row.stack, "-", "-", "-", "-", "-", "-", "not reported"];
        return [row.stack, ...splitFigureTexts(view), splitVerdict(view)];
      }),
    ),
    ...(pairs.length > 0
      ? ["", ...pairs.map((p) => `- **${p.to}** against ${p.from}: ${p.comparisons.map((c) => c.text).join("; ")}`)]
      : []),
  ];
}

/** Nothing for a result without stacks, so it renders exactly as before. */
export function stacksMarkdown(result: RunResult, table: Table): string[] {
  const cells = result.cells.filter(cellHasStacks);
  if (cells.length === 0) return [];
  return [
    "",
    "## Stacks: which layer decides",
    ...cells.flatMap((cell) => cellSection(result, cell, table)),
    "",
    stacksLegend(result),
    "",
    SPLIT_LEGEND,
  ];
}
