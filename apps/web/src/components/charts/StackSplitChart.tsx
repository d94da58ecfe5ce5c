"use client";

import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { SPLIT_PARTS } from "@/lib/report/stack-chart-styles";
import type { SplitBar } from "@/lib/report/stack-rows";
import { AXIS_TICK, axisLabel, GRID_STROKE, TOOLTIP_STYLE } from "./axis";

const ms = (v: number) => `${v.toFixed(3)} ms`;

/** Per stack, its mean client latency as a stacked bar: network and client, framework, codec, handler (ms). */
export function StackSplitChart({ bars }: { bars: SplitBar[] }) {
  const reported = bars.filter((b) => b.totalMs !== null);
  if (reported.length === 0) return <div className="chart-empty">No server reported its split</div>;
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={reported} layout="vertical" margin={{ top: 4, right: 24, bottom: 18, left: 8 }}>
        <CartesianGrid stroke={GRID_STROKE} horizontal={false} />
        <XAxis
          type="number"
          tick={AXIS_TICK}
          tickLine={false}
          axisLine={{ stroke: "#cbd5e1" }}
          tickFormatter={(v: number) => `${+v.toFixed(3)}`}
          label={axisLabel("mean client latency per request, ms", "x")}
        />
        <YAxis
          type="category"
          dataKey="stack"
          tick={AXIS_TICK}
          tickLine={false}
          axisLine={false}
          width={110}
          interval={0}
        />
        <Tooltip {...TOOLTIP_STYLE} cursor={{ fill: "rgba(15,23,42,.04)" }} formatter={(v) => ms(Number(v))} />
        {SPLIT_PARTS.map((part) => (
          <Bar
            key={part.key}
            dataKey={part.key}
            name={part.label}
            stackId="split"
            fill={part.color}
            barSize={16}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
