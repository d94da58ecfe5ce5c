import type { CrossoverMark, HeatmapPanel } from "@/lib/report/sweep-rows";

export const CELL_W = 96;
export const CELL_H = 28;
/** The rotated title of the rows' axis, then their ticks. */
export const TITLE_W = 22;
const TICK_W = 84;
export const LEFT = TITLE_W + TICK_W;
/** The columns' axis title, then their ticks. */
export const TOP = 44;
export const LABEL_GAP = 16;
const LABEL_W = 340;
const LABEL_LINE = 14;
export const INK = "#334155";
export const FAINT = "#64748b";
export const CROSSOVER = "#15803d";

/** The left edge of a column (fractional columns fall between two). */
export const columnX = (column: number) => LEFT + column * CELL_W;
/** The top edge of a row position (fractional positions fall between two rows). */
export const rowY = (position: number) => TOP + position * CELL_H;

/** Where each mark's label goes, right of the grid: at its line's height, pushed down where two would overlap. */
export function labelRows(marks: readonly CrossoverMark[]): Map<CrossoverMark, number> {
  const out = new Map<CrossoverMark, number>();
  let next = -Infinity;
  for (const m of [...marks].sort((a, b) => a.estimate - b.estimate)) {
    const y = Math.max(TOP + m.estimate * CELL_H, next);
    out.set(m, y);
    next = y + LABEL_LINE;
  }
  return out;
}

export function heatmapSize(panel: HeatmapPanel, labels: Map<CrossoverMark, number>) {
  const columns = panel.columns?.values.length ?? 1;
  const width = LEFT + columns * CELL_W + (panel.marks.length > 0 ? LABEL_GAP + LABEL_W : 8);
  const height = Math.max(TOP + panel.grid.length * CELL_H + 8, ...[...labels.values()].map((y) => y + 10));
  return { width, height };
}

/** The drawing's height in px at full width, for the card that holds it. */
export const heatmapHeight = (panel: HeatmapPanel) => heatmapSize(panel, labelRows(panel.marks)).height;
