"use client";

import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { PROTOCOL_COLOR, PROTOCOL_LABEL } from "@/lib/protocol-style";
import { AXIS_TICK, axisLabel, GRID_STROKE, TOOLTIP_STYLE } from "./axis";
import type { BarPairLayoutProps } from "./bar-pair-props";
import { formatTick, formatValue } from "./value-format";

/** The pair chart with its categories along the bottom, slanted when there are too many to sit level. */
export function VerticalBarPairChart({ rows, format, yLabel, xLabel, restKey, grpcKey }: BarPairLayoutProps) {
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
