"use client";

import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { PROTOCOL_COLOR, PROTOCOL_LABEL } from "@/lib/protocol-style";
import { AXIS_TICK, axisLabel, GRID_STROKE, TOOLTIP_STYLE } from "./axis";
import type { BarPairLayoutProps } from "./bar-pair-props";
import { formatTick, formatValue } from "./value-format";

/** The pair chart with its categories down the side and the values along the bottom. */
export function HorizontalBarPairChart({ rows, format, yLabel, restKey, grpcKey }: BarPairLayoutProps) {
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
