import { formatCount } from "@/lib/format";

/** Horizontal bar charts: enough room per row for `bars` bars, never less than the usual card. */
export function rowsHeight(rows: number, bars: number): number {
  return Math.max(260, 60 + rows * (bars === 1 ? 30 : 38));
}

/** A published or measured figure in a table cell. */
export function figureText(value: number | null): string {
  if (value === null) return "–";
  return Math.abs(value) >= 100 ? formatCount(value) : String(+value.toFixed(3));
}
