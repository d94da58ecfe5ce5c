import type { HeatmapPanel } from "@/lib/report/sweep-rows";
import { axisTickText } from "@/lib/report/sweep-rows";
import { HeatmapCrossover } from "./HeatmapCrossover";
import { HeatmapRow } from "./HeatmapRow";
import { CELL_W, columnX, FAINT, heatmapSize, INK, labelRows, LEFT, rowY, TITLE_W, TOP } from "./heatmap-layout";

/**
 * Speedups over two axes laid out as the terminal prints the grid: the searched axis down the page
 * (increasing, the values the crossover search added marked "*"), the other across. Each cell is
 * coloured by log ratio around 1 (gRPC better blue, REST better amber, no significant difference
 * neutral) and labelled with its speedup; where a column's winner changes down its rows, a line
 * across it at the crossover's estimate, a frame round the cells that bracket it, and its label at the
 * right.
 * Plain SVG: it is there before any script.
 */
export function SweepHeatmap({ panel }: { panel: HeatmapPanel }) {
  const { columns, rows, grid, marks } = panel;
  const labels = labelRows(marks);
  const { width, height } = heatmapSize(panel, labels);
  const columnCount = columns?.values.length ?? 1;
  const gridRight = columnX(columnCount);
  return (
    <svg
      data-testid="sweep-heatmap"
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      style={{ maxWidth: width, height: "auto" }}
      role="img"
      aria-label={`gRPC p50 speedup by ${rows.label}, down${columns ? `, and ${columns.label}, across` : ""}`}
    >
      <text
        transform={`translate(${TITLE_W / 2 + 4} ${rowY(grid.length / 2)}) rotate(-90)`}
        textAnchor="middle"
        dominantBaseline="middle"
        fontSize={11}
        fill={FAINT}
        data-testid="sweep-row-title"
      >
        {`${rows.label} ↓`}
      </text>
      {columns ? (
        <text
          x={LEFT + (columnCount * CELL_W) / 2}
          y={14}
          textAnchor="middle"
          fontSize={11}
          fill={FAINT}
          data-testid="sweep-column-title"
        >
          {columns.label}
        </text>
      ) : null}
      {Array.from({ length: columnCount }, (_, c) => (
        <text key={c} x={columnX(c) + CELL_W / 2} y={TOP - 8} textAnchor="middle" fontSize={11} fill={INK}>
          {columns ? axisTickText(columns.dimension, columns.values[c]!) : "p50 speedup"}
        </text>
      ))}
      {grid.map((row, r) => (
        <HeatmapRow key={r} panel={panel} row={row} r={r} />
      ))}
      {marks.map((m) => (
        <HeatmapCrossover key={`${m.column}-${m.estimate}`} mark={m} labelY={labels.get(m)!} gridRight={gridRight} />
      ))}
    </svg>
  );
}
