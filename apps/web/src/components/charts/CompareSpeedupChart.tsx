"use client";

import { Bar, BarChart, CartesianGrid, ErrorBar, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { AXIS_TICK, axisLabel, GRID_STROKE, TOOLTIP_STYLE } from "./axis";

/** Run colours: neutral, so they never read as REST amber or gRPC blue. */
export const RUN_COLORS = ["#0f172a", "#0d9488", "#7c3aed", "#be185d", "#65a30d", "#64748b"];

export function CompareSpeedupChart({ rows, runs, metricLabel }: { rows: Record<string, unknown>[]; runs: string[]; metricLabel: string }) {
  if (rows.length === 0) return <div className="chart-empty">No cells in common</div>;
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 24, bottom: 18, left: 8 }} barGap={2}>
        <CartesianGrid stroke={GRID_STROKE} horizontal={false} />
        <XAxis type="number" tick={AXIS_TICK} tickLine={false} tickFormatter={(v: number) => `${v.toFixed(1)}x`} label={axisLabel(`gRPC speedup at ${metricLabel}, × (> 1: gRPC better)`, "x")} />
        <YAxis type="category" dataKey="cell" tick={AXIS_TICK} width={170} interval={0} tickLine={false} axisLine={false} />
        <Tooltip {...TOOLTIP_STYLE} formatter={(v, name) => [typeof v === "number" ? `${v.toFixed(2)}x` : "–", name]} />
        <ReferenceLine x={1} stroke="#0f172a" strokeDasharray="4 3" />
        {runs.map((run, i) => (
          <Bar key={run} dataKey={`run${i}`} name={run} fill={RUN_COLORS[i % RUN_COLORS.length]} barSize={10} isAnimationActive={false}>
            <ErrorBar dataKey={`run${i}Error`} width={4} strokeWidth={1.2} stroke="#334155" direction="x" />
          </Bar>
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
