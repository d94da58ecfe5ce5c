"use client";

import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ErrorBar,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { PROTOCOL_COLOR } from "@/lib/protocol-style";
import { AXIS_TICK, axisLabel, GRID_STROKE, speedupTicks, TOOLTIP_STYLE } from "./axis";

export interface SpeedupBar {
  cell: string;
  speedup: number;
  error: [number, number];
  winner: "grpc" | "rest" | "none";
  text: string;
}

const NONE_COLOR = "#94a3b8";
const colorOf = (winner: SpeedupBar["winner"]) => (winner === "none" ? NONE_COLOR : PROTOCOL_COLOR[winner]);

/**
 * gRPC's speedup per cell (> 1: gRPC better) with its 95% CI as an error bar, around a line at 1.
 * Error bars are drawn without recharts' grow-in animation (here and in the other charts): it
 * scales each whisker from the axis's origin, so a picture saved or taken during it showed the
 * intervals far from their bars.
 * A bar is coloured by the protocol the CI names the winner, grey when the CI straddles 1.
 */
export function SpeedupChart({ rows, metricLabel }: { rows: SpeedupBar[]; metricLabel: string }) {
  if (rows.length === 0) return <div className="chart-empty">No comparisons</div>;
  const max = Math.max(1.2, ...rows.map((r) => r.speedup + r.error[1]));
  const ticks = speedupTicks(max);
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 24, bottom: 18, left: 8 }}>
        <CartesianGrid stroke={GRID_STROKE} horizontal={false} />
        <XAxis
          type="number"
          domain={[0, ticks.at(-1)!]}
          ticks={ticks}
          tick={AXIS_TICK}
          tickLine={false}
          axisLine={{ stroke: "#cbd5e1" }}
          tickFormatter={(v: number) => `${+v.toFixed(2)}x`}
          label={axisLabel(`gRPC speedup at ${metricLabel} (×, > 1 = gRPC better)`, "x")}
        />
        <YAxis
          type="category"
          dataKey="cell"
          tick={AXIS_TICK}
          tickLine={false}
          axisLine={false}
          width={170}
          interval={0}
        />
        <Tooltip
          {...TOOLTIP_STYLE}
          cursor={{ fill: "rgba(15,23,42,.04)" }}
          formatter={(_v, _n, item) => [(item.payload as SpeedupBar).text, "verdict"]}
        />
        <ReferenceLine x={1} stroke="#0f172a" strokeDasharray="4 3" />
        <Bar dataKey="speedup" name="speedup" barSize={16} isAnimationActive={false}>
          {rows.map((row) => (
            <Cell key={row.cell} fill={colorOf(row.winner)} />
          ))}
          <ErrorBar
            dataKey="error"
            width={6}
            strokeWidth={1.5}
            stroke="#0f172a"
            direction="x"
            isAnimationActive={false}
          />
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
