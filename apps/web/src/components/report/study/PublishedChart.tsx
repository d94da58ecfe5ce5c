"use client";

import { Bar, BarChart, CartesianGrid, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { AXIS_TICK, axisLabel, GRID_STROKE, TOOLTIP_STYLE } from "@/components/charts/axis";

export interface PublishedRow {
  figure: string;
  published: number | null;
  measured: number | null;
}

/** The study's speedup beside Relix's for each published figure (> 1: gRPC better). */
export function PublishedChart({ rows }: { rows: PublishedRow[] }) {
  const shown = rows.filter((r) => r.published !== null || r.measured !== null);
  if (shown.length === 0) return <div className="chart-empty">No figure has a speedup on both sides</div>;
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={shown} layout="vertical" margin={{ top: 4, right: 16, bottom: 18, left: 8 }} barGap={1}>
        <CartesianGrid stroke={GRID_STROKE} horizontal={false} />
        <XAxis
          type="number"
          tick={AXIS_TICK}
          tickLine={false}
          tickFormatter={(v: number) => `${v.toFixed(1)}x`}
          label={axisLabel("gRPC speedup, ×", "x")}
        />
        <YAxis
          type="category"
          dataKey="figure"
          tick={{ ...AXIS_TICK, fontSize: 10 }}
          width={200}
          interval={0}
          tickLine={false}
          axisLine={false}
        />
        <Tooltip {...TOOLTIP_STYLE} formatter={(v, name) => [typeof v === "number" ? `${v.toFixed(2)}x` : "–", name]} />
        <ReferenceLine x={1} stroke="#0f172a" strokeDasharray="4 3" />
        <Bar dataKey="published" name="published" fill="#64748b" barSize={8} isAnimationActive={false} />
        <Bar dataKey="measured" name="measured" fill="#0f172a" barSize={8} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
