// How the short terminal report names a cell on its lines and in its table.
import { cellName } from "../findings/finding-names";
import { cellPlacement } from "../../network/placements";
import type { CellResult } from "../../result/result-schema";

/** "item.get (warm)", with its placement when the run had several and its sweep point when it has one. */
export function comparisonName(cell: CellResult, placed: boolean): string {
  const coords = Object.entries(cell.coords ?? {})
    .filter(([dimension]) => dimension !== "network")
    .map(([dimension, value]) => `${dimension}=${String(value)}`);
  return [cellName(cell), ...coords, ...(placed ? [`@${cellPlacement(cell)}`] : [])].join(" ");
}
