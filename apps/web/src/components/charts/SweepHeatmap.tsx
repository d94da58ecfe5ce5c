import type { HeatmapPanel } from "@/lib/report/sweep-rows";
import { axisTickText, axisValueText } from "@/lib/report/sweep-rows";

const CELL_W = 76;
const CELL_H = 34;
const LEFT = 112;
const TOP = 8;
const BOTTOM = 40;

/**
 * Speedups over two axes (rows x columns), or one list axis as a single row: each cell coloured by
 * log ratio around 1 (gRPC better blue, REST better amber, no significant difference neutral) and
 * labelled with its speedup; where a row's verdict changes along the columns, a line between them at
 * the crossover's estimate, over a band spanning its bracket. Plain SVG: it is there before any script.
 */
export function SweepHeatmap({ panel }: { panel: HeatmapPanel }) {
  const { columns, rows, grid, marks } = panel;
  const width = LEFT + columns.values.length * CELL_W + 8;
  const height = TOP + grid.length * CELL_H + BOTTOM;
  const x = (position: number) => LEFT + position * CELL_W;
  return (
    <svg
      data-testid="sweep-heatmap"
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      style={{ maxWidth: width, height: "auto" }}
      role="img"
      aria-label={`gRPC p50 speedup by ${columns.label}${rows ? ` and ${rows.label}` : ""}`}
    >
      {grid.map((row, r) => (
        <g key={r}>
          <text
            x={LEFT - 8}
            y={TOP + r * CELL_H + CELL_H / 2}
            textAnchor="end"
            dominantBaseline="middle"
            fontSize={11}
            fill="#334155"
          >
            {rows ? axisTickText(rows.dimension, rows.values[r]!) : "speedup"}
          </text>
          {row.map((cell, c) => (
            <g key={c} data-testid="sweep-cell" data-winner={cell?.winner ?? "unmeasured"}>
              <rect
                x={x(c) + 1}
                y={TOP + r * CELL_H + 1}
                width={CELL_W - 2}
                height={CELL_H - 2}
                rx={3}
                fill={cell ? cell.fill : "#ffffff"}
                stroke={cell ? "none" : "#cbd5e1"}
                strokeDasharray={cell ? undefined : "3 3"}
              >
                <title>
                  {`${axisValueText(columns.dimension, columns.values[c]!)}${rows ? ` · ${axisValueText(rows.dimension, rows.values[r]!)}` : ""}: ${cell ? cell.verdict : "not measured"}`}
                </title>
              </rect>
              <text
                x={x(c) + CELL_W / 2}
                y={TOP + r * CELL_H + CELL_H / 2}
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
      {marks.map((m) => (
        <g key={`${m.row}-${m.estimate}`} data-testid="sweep-crossover-line">
          <title>{m.text}</title>
          <rect
            x={x(m.low)}
            y={TOP + m.row * CELL_H}
            width={Math.max(2, x(m.high) - x(m.low))}
            height={CELL_H}
            fill="none"
            stroke="#15803d"
            strokeDasharray="3 3"
          />
          <line
            x1={x(m.estimate)}
            x2={x(m.estimate)}
            y1={TOP + m.row * CELL_H - 2}
            y2={TOP + (m.row + 1) * CELL_H + 2}
            stroke="#15803d"
            strokeWidth={3}
          />
        </g>
      ))}
      {columns.values.map((v, c) => (
        <text
          key={c}
          x={x(c) + CELL_W / 2}
          y={TOP + grid.length * CELL_H + 14}
          textAnchor="middle"
          fontSize={11}
          fill="#64748b"
        >
          {axisTickText(columns.dimension, v)}
        </text>
      ))}
      <text
        x={LEFT + (columns.values.length * CELL_W) / 2}
        y={height - 6}
        textAnchor="middle"
        fontSize={11}
        fill="#64748b"
      >
        {columns.label}
      </text>
    </svg>
  );
}
