import type { HeatmapPanel } from "@/lib/report/sweep-rows";
import { axisTickText, axisValueText } from "@/lib/report/sweep-rows";
import { CELL_H, CELL_W, columnX, INK, LEFT, rowY } from "./heatmap-layout";

/**
 * One row of the heatmap: its tick at the left (marked "*" where the crossover search added the
 * value), then a cell per column, filled by its speedup, or dashed and empty where nothing was measured.
 */
export function HeatmapRow({ panel, row, r }: { panel: HeatmapPanel; row: HeatmapPanel["grid"][number]; r: number }) {
  const { columns, rows, refined } = panel;
  const rowText = `${axisValueText(rows.dimension, rows.values[r]!)}${refined[r] ? " (added by the crossover search)" : ""}`;
  return (
    <g>
      <text
        x={LEFT - 8}
        y={rowY(r + 0.5)}
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
            x={columnX(c) + 1}
            y={rowY(r) + 1}
            width={CELL_W - 2}
            height={CELL_H - 2}
            rx={3}
            fill={cell ? cell.fill : "#ffffff"}
            stroke={cell ? "none" : "#cbd5e1"}
            strokeDasharray={cell ? undefined : "3 3"}
          >
            <title>
              {`${rowText}${columns ? ` · ${axisValueText(columns.dimension, columns.values[c]!)}` : ""}: ${
                cell ? cell.verdict : refined[r] ? "not measured here (added for another column)" : "not measured"
              }`}
            </title>
          </rect>
          <text
            x={columnX(c) + CELL_W / 2}
            y={rowY(r + 0.5)}
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
  );
}
