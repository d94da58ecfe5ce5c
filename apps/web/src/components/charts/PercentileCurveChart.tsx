"use client";

import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { CURVE_TICKS, percentileTickLabel, type CurvePoint } from "@/lib/report/percentile-axis";
import { PROTOCOL_COLOR, PROTOCOL_LABEL } from "@/lib/protocol-style";
import { AXIS_TICK, axisLabel, GRID_STROKE, TOOLTIP_STYLE } from "./axis";
import { formatTick, formatValue } from "./value-format";

/**
 * The HDR percentile plot: latency against percentile, the percentile axis on a log scale of
 * "1 in N" so the tail (p99, p99.9, ...) gets as much room as the median.
 */
export function PercentileCurveChart({ rest, grpc }: { rest: CurvePoint[] | null; grpc: CurvePoint[] | null }) {
  const all = [...(rest ?? []), ...(grpc ?? [])];
  if (all.length === 0) return <div className="chart-empty">No histogram in this result</div>;
  const maxX = Math.max(...all.map((p) => p.x));
  const ticks = CURVE_TICKS.filter((t) => t <= maxX * 1.01);
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart margin={{ top: 6, right: 12, bottom: 18, left: 8 }}>
        <CartesianGrid stroke={GRID_STROKE} />
        <XAxis
          type="number"
          dataKey="x"
          scale="log"
          domain={[1, maxX]}
          ticks={ticks}
          allowDataOverflow
          tick={AXIS_TICK}
          tickLine={false}
          axisLine={{ stroke: "#cbd5e1" }}
          tickFormatter={percentileTickLabel}
          label={axisLabel("percentile (log scale of 1 in N)", "x")}
        />
        <YAxis
          type="number"
          dataKey="latencyMs"
          tick={AXIS_TICK}
          tickLine={false}
          axisLine={false}
          width={64}
          tickFormatter={(v) => formatTick("ms", v)}
          label={axisLabel("latency, ms", "y")}
        />
        <Tooltip
          {...TOOLTIP_STYLE}
          labelFormatter={(_, payload) => {
            const point = payload?.[0]?.payload as CurvePoint | undefined;
            return point ? `p${+point.percentile.toFixed(4)}` : "";
          }}
          formatter={(value, name) => [formatValue("ms", value), name]}
        />
        {rest ? (
          <Line
            data={rest}
            dataKey="latencyMs"
            name={PROTOCOL_LABEL.rest}
            stroke={PROTOCOL_COLOR.rest}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        ) : null}
        {grpc ? (
          <Line
            data={grpc}
            dataKey="latencyMs"
            name={PROTOCOL_LABEL.grpc}
            stroke={PROTOCOL_COLOR.grpc}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        ) : null}
      </LineChart>
    </ResponsiveContainer>
  );
}
