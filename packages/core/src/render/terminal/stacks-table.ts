// The terminal report's stacks section: per cell with stacks, a table of its stacks, the layer
// walk and the split of each stack's client latency.
import type { CellResult, RunResult } from "../../result/result-schema";
import { cellPair } from "../../stacks/stack-pair";
import type { Styles } from "./ansi";
import { formatMs } from "../format";
import {
  cellHasStacks,
  layerRowsOf,
  SPLIT_LEGEND,
  splitOf,
  stackCellTitle,
  stackRowsOf,
  pairColumnHeaders,
  stacksLegend,
  type SplitView,
  splitFigureTexts,
  stackRatioText,
  stackRowTexts,
} from "../stacks";
import { renderTable, type Column } from "./text-table";

const stackColumns: Column[] = [
  { header: "stack" },
  { header: "tool" },
  { header: "p50 ms", align: "right" },
  { header: "p99 ms", align: "right" },
  { header: "rps", align: "right" },
];

/** The stack table's columns for one cell: the figures, then the ratios against its pair. */
const stackColumnsOf = (cell: CellResult): Column[] => [
  ...stackColumns,
  ...pairColumnHeaders(cell).map((header) => ({ header, align: "right" as const })),
];

const splitColumns: Column[] = [
  { header: "stack" },
  ...["client mean", "network+client", "framework", "codec", "handler", "sum of parts"].map((header) => ({
    header,
    align: "right" as const,
  })),
  { header: "adds up" },
];

/** "yes" or what is wrong, with the tolerance it was held to. */
export function splitVerdict(view: SplitView): string {
  if (view.networkClientMs < 0) return `no: server time ${formatMs(view.serverMs)} exceeds the client mean`;
  const off = `${formatMs(Math.abs(view.sumMs - view.totalMs))} off, tolerance ${formatMs(view.toleranceMs)}`;
  return view.addsUp ? `yes (${off})` : `NO (${off})`;
}

function cellSection(result: RunResult, cell: CellResult, s: Styles): string[] {
  const rows = stackRowsOf(cell);
  const stackTable = renderTable(stackColumnsOf(cell), rows.map(stackRowTexts));
  const layers = layerRowsOf(cell);
  // The sentences are long: under the table rather than in a column that would push it off screen.
  const layerLines = [
    ...renderTable(
      [{ header: "layer" }, { header: "step" }, { header: "p50 ratio [95% CI]", align: "right" }],
      layers.map((l) => [l.layer, `${l.from} -> ${l.to}`, stackRatioText(l.ratio)]),
    ),
    ...layers.map((l) => `- ${l.text}`),
  ];
  const splits = rows.map((row) => ({ row, view: splitOf(row.measure) }));
  const splitRows = splits.map(({ row, view }) =>
    view
      ? [row.stack, ...splitFigureTexts(view), view.addsUp ? splitVerdict(view) : s.red(splitVerdict(view))]
      : [row.stack, "-", "-", "-", "-", "-", "-", s.dim("not reported")],
  );
  return [
    "",
    s.bold(`Stacks · ${stackCellTitle(result, cell)}`),
    ...stackTable,
    ...(layers.length > 0
      ? ["", s.bold(`Layer walk, ${cellPair(cell).rest} to ${cellPair(cell).grpc}`), ...layerLines]
      : []),
    "",
    s.bold("Split of the client latency (mean ms per request)"),
    ...renderTable(splitColumns, splitRows),
  ];
}

/** Nothing for a result without stacks, so it renders exactly as before. */
export function stacksSection(result: RunResult, s: Styles): string[] {
  const cells = result.cells.filter(cellHasStacks);
  if (cells.length === 0) return [];
  return [
    ...cells.flatMap((cell) => cellSection(result, cell, s)),
    "",
    s.dim(stacksLegend(result)),
    s.dim(SPLIT_LEGEND),
  ];
}
