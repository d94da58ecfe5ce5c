// A run across runtimes measures more than one REST-against-gRPC pair in each cell: its headline
// pair (say spring against grpc-java) and each runtime's own (express against grpc-js). A study's
// published figures are REST and gRPC numbers, so they are set beside each of those pairs in turn;
// this reads a cell as one pair sees it, its two stacks' figures where the headline's would be.
import type { CellResult } from "../result/result-schema";
import { cellPair, pairText, runtimePairsOf, samePair, type StackPair } from "../stacks/stack-pair";
import type { StackId } from "../stacks/stacks";

/** Every stack a cell measured: its pair's two and its other stacks. */
const stacksOfCell = (cell: CellResult): StackId[] => {
  const pair = cellPair(cell);
  return [pair.rest, pair.grpc, ...(cell.stacks ?? []).map((s) => s.stack)];
};

/** One stack's summary and body sizes in a cell; null when the cell did not measure it. */
function stackFigures(
  cell: CellResult,
  stack: StackId,
): { summary: CellResult["rest"]; payload: CellResult["payload"]["rest"] } | null {
  const pair = cellPair(cell);
  if (stack === pair.rest) return { summary: cell.rest, payload: cell.payload.rest };
  if (stack === pair.grpc) return { summary: cell.grpc, payload: cell.payload.grpc };
  const other = cell.stacks?.find((s) => s.stack === stack);
  return other ? { summary: other.summary, payload: other.payload } : null;
}

/** The cell with `pair`'s figures as its REST and gRPC sides; null when it did not measure both. */
export function cellThroughPair(cell: CellResult, pair: StackPair): CellResult | null {
  if (samePair(cellPair(cell), pair)) return cell;
  const rest = stackFigures(cell, pair.rest);
  const grpc = stackFigures(cell, pair.grpc);
  if (!rest || !grpc) return null;
  return { ...cell, pair, rest: rest.summary, grpc: grpc.summary, payload: { rest: rest.payload, grpc: grpc.payload } };
}

/** The pairs published figures sit beside: each cell's headline first, then each other runtime's own pair. */
export function publishedPairsOf(cells: readonly CellResult[]): StackPair[] {
  const pairs: StackPair[] = [];
  const add = (pair: StackPair) => {
    if (!pairs.some((p) => samePair(p, pair))) pairs.push(pair);
  };
  for (const cell of cells) add(cellPair(cell));
  for (const cell of cells) runtimePairsOf(stacksOfCell(cell)).forEach(add);
  return pairs;
}

/** A figure's label with the pair it sits beside, where a run set it beside more than one. */
export const labelBesidePair = (label: string, pair: StackPair): string => `${label} (${pairText(pair)})`;
