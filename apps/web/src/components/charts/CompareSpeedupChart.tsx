"use client";

import {
  Bar,
  BarChart,
  CartesianGrid,
  ErrorBar,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { runColor } from "@/lib/run-colors";
import { AXIS_TICK, axisLabel, GRID_STROKE, speedupTicks, TOOLTIP_STYLE } from "./axis";

export function CompareSpeedupChart({
  rows,
  runs,
  metricLabel,
}: {
  rows: Record<string, unknown>[];
  runs: string[];
  metricLabel: string;
}) {
  if (rows.length === 0) return <div className="chart-empty">No cells in common</div>;
  const highs = rows.flatMap((row) =>
    runs.map((_, i) => {
      const value = row[`run${i}`];
      const error = row[`run${i}Error`];
      return typeof value === "number" ? value + (Array.isArray(error) ? Number(error[1]) : 0) : 0;
    }),
  );
  const ticks = speedupTicks(Math.max(1.2, ...highs));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 24, bottom: 18, left: 8 }} barGap={2}>
        <CartesianGrid stroke={GRID_STROKE} horizontal={false} />
        <XAxis
          type="number"
          domain={[0, ticks.at(-1)!]}
          ticks={ticks}
          tick={AXIS_TICK}
          tickLine={false}
          tickFormatter={(v: number) => `${+v.toFixed(2)}x`}
          label={axisLabel(`gRPC speedup at ${metricLabel}, × (> 1: gRPC better)`, "x")}
        />
        <YAxis
          type="category"
          dataKey="cell"
          tick={AXIS_TICK}
          width={170}
          interval={0}
          tickLine={false}
          axisLine={false}
        />
        <Tooltip {...TOOLTIP_STYLE} formatter={(v, name) => [typeof v === "number" ? `${v.toFixed(2)}x` : "–", name]} />
        <ReferenceLine x={1} stroke="#0f172a" strokeDasharray="4 3" />
        {runs.map((run, i) => (
          <Bar key={run} dataKey={`run${i}`} name={run} fill={runColor(i)} barSize={10} isAnimationActive={false}>
            <ErrorBar
              dataKey={`run${i}Error`}
              width={4}
              strokeWidth={1.2}
              stroke="#334155"
              direction="x"
              isAnimationActive={false}
            />
          </Bar>
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
