import type { CrossoverMark } from "@/lib/report/sweep-rows";
import { CELL_W, columnX, CROSSOVER, LABEL_GAP, rowY } from "./heatmap-layout";

/**
 * One crossover in its column: a frame round the cells that bracket it, a line across the column
 * at its estimate, and a leader to its label right of the grid.
 */
export function HeatmapCrossover({
  mark,
  labelY,
  gridRight,
}: {
  mark: CrossoverMark;
  /** Where its label sits, from labelRows: pushed down where two labels would overlap. */
  labelY: number;
  gridRight: number;
}) {
  return (
    <g data-testid="sweep-crossover-line">
      <title>{mark.text}</title>
      {/* Framing the bracket's two cells (and any between), clear of their labels. */}
      <rect
        x={columnX(mark.column)}
        y={rowY(mark.low - 0.5)}
        width={CELL_W}
        height={rowY(mark.high + 0.5) - rowY(mark.low - 0.5)}
        rx={4}
        fill="none"
        stroke={CROSSOVER}
        strokeDasharray="3 3"
      />
      <line
        x1={columnX(mark.column) - 2}
        x2={columnX(mark.column + 1) + 2}
        y1={rowY(mark.estimate)}
        y2={rowY(mark.estimate)}
        stroke={CROSSOVER}
        strokeWidth={3}
      />
      <polyline
        points={`${columnX(mark.column + 1) + 2},${rowY(mark.estimate)} ${gridRight + 4},${rowY(mark.estimate)} ${gridRight + LABEL_GAP - 3},${labelY}`}
        fill="none"
        stroke={CROSSOVER}
        strokeWidth={1}
        strokeDasharray="2 2"
      />
      <text
        x={gridRight + LABEL_GAP}
        y={labelY}
        dominantBaseline="middle"
        fontSize={11}
        fill={CROSSOVER}
        data-testid="sweep-crossover-label"
      >
        {mark.label}
      </text>
    </g>
  );
}
