import type { CrossoverMark, HeatmapPanel } from "@/lib/report/sweep-rows";
import { axisTickText, axisValueText } from "@/lib/report/sweep-rows";

const CELL_W = 96;
const CELL_H = 28;
/** The rotated title of the rows' axis, then their ticks. */
const TITLE_W = 22;
const TICK_W = 84;
const LEFT = TITLE_W + TICK_W;
/** The columns' axis title, then their ticks. */
const TOP = 44;
const LABEL_GAP = 16;
const LABEL_W = 340;
const LABEL_LINE = 14;
const INK = "#334155";
const FAINT = "#64748b";
const CROSSOVER = "#15803d";

/** Where each mark's label goes, right of the grid: at its line's height, pushed down where two would overlap. */
function labelRows(marks: readonly CrossoverMark[]): Map<CrossoverMark, number> {
  const out = new Map<CrossoverMark, number>();
  let next = -Infinity;
  for (const m of [...marks].sort((a, b) => a.estimate - b.estimate)) {
    const y = Math.max(TOP + m.estimate * CELL_H, next);
    out.set(m, y);
    next = y + LABEL_LINE;
  }
  return out;
}

function size(panel: HeatmapPanel, labels: Map<CrossoverMark, number>) {
  const columns = panel.columns?.values.length ?? 1;
  const width = LEFT + columns * CELL_W + (panel.marks.length > 0 ? LABEL_GAP + LABEL_W : 8);
  const height = Math.max(TOP + panel.grid.length * CELL_H + 8, ...[...labels.values()].map((y) => y + 10));
  return { width, height };
}

/** The drawing's height in px at full width, for the card that holds it. */
export const heatmapHeight = (panel: HeatmapPanel) => size(panel, labelRows(panel.marks)).height;

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
  const { columns, rows, refined, grid, marks } = panel;
  const labels = labelRows(marks);
  const { width, height } = size(panel, labels);
  const columnCount = columns?.values.length ?? 1;
  const x = (column: number) => LEFT + column * CELL_W;
  const y = (position: number) => TOP + position * CELL_H;
  const gridRight = x(columnCount);
  const rowText = (r: number) =>
    `${axisValueText(rows.dimension, rows.values[r]!)}${refined[r] ? " (added by the crossover search)" : ""}`;
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
        transform={`translate(${TITLE_W / 2 + 4} ${y(grid.length / 2)}) rotate(-90)`}
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
        <text key={c} x={x(c) + CELL_W / 2} y={TOP - 8} textAnchor="middle" fontSize={11} fill={INK}>
          {columns ? axisTickText(columns.dimension, columns.values[c]!) : "p50 speedup"}
        </text>
      ))}
      {grid.map((row, r) => (
        <g key={r}>
          <text
            x={LEFT - 8}
            y={y(r + 0.5)}
            textAnchor="end"
            dominantBaseline="middle"
            fontSize={11}
            fill={INK}
            data-testid="sweep-row-tick"
          >
            {`${axisTickText(rows.dimension, rows.values[r]!)}${refined[r] ? " *" : ""}`}
          </text>
          {row.map((cell, c) => (
            <g key={c} data-testid="sweep-cell" data-winner={cell?.winner ?? "unmeasured"}>
              <rect
                x={x(c) + 1}
                y={y(r) + 1}
                width={CELL_W - 2}
                height={CELL_H - 2}
                rx={3}
                fill={cell ? cell.fill : "#ffffff"}
                stroke={cell ? "none" : "#cbd5e1"}
                strokeDasharray={cell ? undefined : "3 3"}
              >
                <title>
                  {`${rowText(r)}${columns ? ` · ${axisValueText(columns.dimension, columns.values[c]!)}` : ""}: ${
                    cell ? cell.verdict : refined[r] ? "not measured here (added for another column)" : "not measured"
                  }`}
                </title>
              </rect>
              <text
                x={x(c) + CELL_W / 2}
                y={y(r + 0.5)}
                textAnchor="middle"
                dominantBaseline="middle"
                fontSize={12}
                fontWeight={cell?.significant ? 600 : 400}
                fill={cell ? cell.ink : "#94a3b8"}
              >
                {cell ? cell.label : "–"}
              </text>
            </g>
          ))}
        </g>
      ))}
      {marks.map((m) => {
        const labelY = labels.get(m)!;
        return (
          <g key={`${m.column}-${m.estimate}`} data-testid="sweep-crossover-line">
            <title>{m.text}</title>
            {/* Framing the bracket's two cells (and any between), clear of their labels. */}
            <rect
              x={x(m.column)}
              y={y(m.low - 0.5)}
              width={CELL_W}
              height={y(m.high + 0.5) - y(m.low - 0.5)}
              rx={4}
              fill="none"
              stroke={CROSSOVER}
              strokeDasharray="3 3"
            />
            <line
              x1={x(m.column) - 2}
              x2={x(m.column + 1) + 2}
              y1={y(m.estimate)}
              y2={y(m.estimate)}
              stroke={CROSSOVER}
              strokeWidth={3}
            />
            <polyline
              points={`${x(m.column + 1) + 2},${y(m.estimate)} ${gridRight + 4},${y(m.estimate)} ${gridRight + LABEL_GAP - 3},${labelY}`}
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
              {m.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
