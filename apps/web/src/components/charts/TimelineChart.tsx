"use client";

import { CartesianGrid, Line, LineChart, ReferenceArea, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { AXIS_TICK, axisLabel, GRID_STROKE, TOOLTIP_STYLE } from "./axis";
import { formatTick, formatValue, type ValueFormat } from "./value-format";

export interface TimelineSeries {
  key: string;
  label: string;
  color: string;
  dashed?: boolean;
}

/** Per-second lines on one time axis: both protocols of one cell, so they can be compared directly. */
export function TimelineChart({
  rows,
  series,
  format,
  yLabel,
  xLabel = "second of the cell",
  warmup,
  maxX,
}: {
  rows: readonly object[];
  series: TimelineSeries[];
  format: ValueFormat;
  yLabel: string;
  xLabel?: string;
  /** Seconds [from, to) shaded as warm-up (discarded from the result). */
  warmup?: [number, number] | null;
  maxX?: number;
}) {
  if (rows.length === 0) return <div className="chart-empty">Waiting for the first sample…</div>;
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={rows} margin={{ top: 6, right: 12, bottom: 18, left: 8 }}>
        <CartesianGrid stroke={GRID_STROKE} />
        <XAxis
          type="number"
          dataKey="second"
          domain={[0, maxX ?? "dataMax"]}
          allowDecimals={false}
          tick={AXIS_TICK}
          tickLine={false}
          axisLine={{ stroke: "#cbd5e1" }}
          label={axisLabel(xLabel, "x")}
        />
        <YAxis
          tick={AXIS_TICK}
          tickLine={false}
          axisLine={false}
          width={64}
          tickFormatter={(v) => formatTick(format, v)}
          label={axisLabel(yLabel, "y")}
        />
        {warmup ? (
          <ReferenceArea
            x1={warmup[0]}
            x2={warmup[1]}
            fill="#94a3b8"
            fillOpacity={0.12}
            label={{ value: "warm-up", position: "insideTopLeft", fontSize: 11, fill: "#64748b" }}
          />
        ) : null}
        <Tooltip
          {...TOOLTIP_STYLE}
          labelFormatter={(label) => (typeof label === "number" ? `second ${label}` : label)}
          formatter={(value, name) => [formatValue(format, value), name]}
        />
        {series.map((s) => (
          <Line
            key={s.key}
            type="linear"
            dataKey={s.key}
            name={s.label}
            stroke={s.color}
            strokeWidth={s.dashed ? 1.5 : 2}
            strokeDasharray={s.dashed ? "5 4" : undefined}
            dot={false}
            connectNulls
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
