"use client";

import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { PROTOCOL_COLOR, PROTOCOL_LABEL } from "@/lib/protocol-style";
import { AXIS_TICK, axisLabel, GRID_STROKE, TOOLTIP_STYLE } from "./axis";
import { formatTick, formatValue, type ValueFormat } from "./value-format";

export interface BarPairRow {
  category: string;
  rest: number | null;
  grpc: number | null;
}

/** REST and gRPC side by side for each category (a percentile, a cell, a byte count). */
export function BarPairChart({
  rows,
  format,
  yLabel,
  xLabel,
  restKey = "rest",
  grpcKey = "grpc",
  horizontal = false,
}: {
  rows: BarPairRow[];
  format: ValueFormat;
  yLabel: string;
  xLabel?: string;
  restKey?: string;
  grpcKey?: string;
  /** Categories down the side: for long names (cells), which would collide under the x axis. */
  horizontal?: boolean;
}) {
  if (rows.length === 0) return <div className="chart-empty">No data</div>;
  if (horizontal) {
    return (
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={rows}
          layout="vertical"
          margin={{ top: 4, right: 16, bottom: 18, left: 8 }}
          barCategoryGap="20%"
          barGap={1}
        >
          <CartesianGrid stroke={GRID_STROKE} horizontal={false} />
          <XAxis
            type="number"
            tick={AXIS_TICK}
            tickLine={false}
            axisLine={{ stroke: "#cbd5e1" }}
            tickFormatter={(v) => formatTick(format, v)}
            label={axisLabel(yLabel, "x")}
          />
          <YAxis
            type="category"
            dataKey="category"
            tick={AXIS_TICK}
            tickLine={false}
            axisLine={false}
            width={170}
            interval={0}
          />
          <Tooltip
            {...TOOLTIP_STYLE}
            cursor={{ fill: "rgba(15,23,42,.04)" }}
            formatter={(value, name) => [formatValue(format, value), name]}
          />
          <Bar
            dataKey={restKey}
            name={PROTOCOL_LABEL.rest}
            fill={PROTOCOL_COLOR.rest}
            radius={[0, 3, 3, 0]}
            isAnimationActive={false}
          />
          <Bar
            dataKey={grpcKey}
            name={PROTOCOL_LABEL.grpc}
            fill={PROTOCOL_COLOR.grpc}
            radius={[0, 3, 3, 0]}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    );
  }
  const manyCategories = rows.length > 6;
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart
        data={rows}
        margin={{ top: 6, right: 8, bottom: xLabel ? 18 : 4, left: 8 }}
        barCategoryGap="22%"
        barGap={2}
      >
        <CartesianGrid stroke={GRID_STROKE} vertical={false} />
        <XAxis
          dataKey="category"
          tick={AXIS_TICK}
          tickLine={false}
          axisLine={{ stroke: "#cbd5e1" }}
          interval={0}
          angle={manyCategories ? -25 : 0}
          textAnchor={manyCategories ? "end" : "middle"}
          height={manyCategories ? 70 : 30}
          label={xLabel ? axisLabel(xLabel, "x") : undefined}
        />
        <YAxis
          tick={AXIS_TICK}
          tickLine={false}
          axisLine={false}
          width={64}
          tickFormatter={(v) => formatTick(format, v)}
          label={axisLabel(yLabel, "y")}
        />
        <Tooltip
          {...TOOLTIP_STYLE}
          cursor={{ fill: "rgba(15,23,42,.04)" }}
          formatter={(value, name) => [formatValue(format, value), name]}
        />
        <Bar
          dataKey={restKey}
          name={PROTOCOL_LABEL.rest}
          fill={PROTOCOL_COLOR.rest}
          radius={[3, 3, 0, 0]}
          isAnimationActive={false}
        />
        <Bar
          dataKey={grpcKey}
          name={PROTOCOL_LABEL.grpc}
          fill={PROTOCOL_COLOR.grpc}
          radius={[3, 3, 0, 0]}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
