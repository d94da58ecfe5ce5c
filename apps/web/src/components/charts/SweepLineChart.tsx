"use client";

import {
  Area,
  CartesianGrid,
  ComposedChart,
  Line,
  ReferenceArea,
  ReferenceLine,
  ResponsiveContainer,
  Scatter,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { Crossover } from "@relix/core/sweep/sweep-result";
import { SWEEP_LINE_COLOR } from "@/lib/report/sweep-chart-styles";
import { axisTickText, axisValueText, type LinePoint, type SweepAxisView } from "@/lib/report/sweep-rows";
import { AXIS_TICK, axisLabel, GRID_STROKE, speedupTicks, TOOLTIP_STYLE } from "./axis";

/** A planned grid point on the line; a point the search added is drawn by the scatter on top instead. */
function GridDot(props: { cx?: number; cy?: number; index?: number; payload?: LinePoint }) {
  const { cx, cy, index, payload } = props;
  if (cx === undefined || cy === undefined || !payload || payload.refinement) return <g key={`dot-${index}`} />;
  return (
    <circle key={`dot-${index}`} className="recharts-line-dot" cx={cx} cy={cy} r={4} fill={SWEEP_LINE_COLOR.line} />
  );
}

/** Powers of ten around the swept values, plus the values themselves when there are few. */
function logTicks(values: readonly number[]): number[] {
  if (values.length <= 6) return [...values];
  const low = Math.floor(Math.log10(Math.min(...values)));
  const high = Math.ceil(Math.log10(Math.max(...values)));
  return Array.from({ length: high - low + 1 }, (_, i) => 10 ** (low + i));
}

/**
 * gRPC's p50 speedup (> 1: gRPC faster) along one swept knob on a log axis, its 95% CI as a band,
 * a line at 1, the points the crossover search added drawn apart from the planned grid, and the
 * crossover's bracket as a shaded band labelled with its estimate.
 */
export function SweepLineChart({
  axis,
  points,
  crossovers,
}: {
  axis: SweepAxisView;
  points: LinePoint[];
  crossovers: Crossover[];
}) {
  if (points.length === 0) return <div className="chart-empty">No measured point</div>;
  const xs = points.map((p) => p.x);
  const ticks = logTicks(axis.values.map(Number));
  const domain: [number, number] = [Math.min(...xs, ...ticks), Math.max(...xs, ...ticks)];
  const yTicks = speedupTicks(Math.max(1.2, ...points.map((p) => p.high ?? p.speedup ?? 1)));
  const refined = points.filter((p) => p.refinement && p.speedup !== null);
  const found = crossovers.filter((c) => c.status === "found" && c.low !== undefined && c.high !== undefined);
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart data={points} margin={{ top: 24, right: 24, bottom: 22, left: 8 }}>
        <CartesianGrid stroke={GRID_STROKE} />
        <XAxis
          type="number"
          dataKey="x"
          scale="log"
          domain={domain}
          ticks={ticks}
          allowDataOverflow
          tick={AXIS_TICK}
          tickLine={false}
          axisLine={{ stroke: "#cbd5e1" }}
          tickFormatter={(v: number) => axisTickText(axis.dimension, v)}
          label={axisLabel(`${axis.label} (log scale)`, "x")}
        />
        <YAxis
          type="number"
          domain={[0, yTicks.at(-1)!]}
          ticks={yTicks}
          tick={AXIS_TICK}
          tickLine={false}
          axisLine={false}
          tickFormatter={(v: number) => `${+v.toFixed(2)}x`}
          label={axisLabel("gRPC speedup at p50, ×", "y")}
          width={64}
        />
        <Tooltip
          {...TOOLTIP_STYLE}
          labelFormatter={(_l, payload) => {
            const p = payload[0]?.payload as LinePoint | undefined;
            return p ? `${axisValueText(axis.dimension, p.x)}${p.refinement ? " (added by the search)" : ""}` : "";
          }}
          formatter={(_v, _n, item) => [(item.payload as LinePoint).verdict, "verdict"]}
        />
        {found.map((c) => (
          <ReferenceArea
            key={`${c.low}-${c.high}`}
            x1={c.low}
            x2={c.high}
            fill={SWEEP_LINE_COLOR.crossover}
            fillOpacity={0.15}
            stroke={SWEEP_LINE_COLOR.crossover}
            strokeDasharray="3 3"
            label={{
              value: `${c.winnerAbove === "rest" ? "REST" : "gRPC"} starts to win at about ${axisValueText(axis.dimension, c.estimate ?? Math.sqrt(c.low! * c.high!))}`,
              position: "top",
              fontSize: 11,
              fill: "#166534",
            }}
          />
        ))}
        <ReferenceLine y={1} stroke="#0f172a" strokeDasharray="4 3" />
        <Area
          dataKey="band"
          stroke="none"
          fill={SWEEP_LINE_COLOR.band}
          fillOpacity={0.6}
          isAnimationActive={false}
          connectNulls
          name="95% CI"
        />
        <Line
          dataKey="speedup"
          stroke={SWEEP_LINE_COLOR.line}
          strokeWidth={1.5}
          dot={GridDot}
          activeDot={false}
          isAnimationActive={false}
          connectNulls
          name="p50 speedup"
        />
        <Scatter
          data={refined}
          dataKey="speedup"
          fill="#ffffff"
          stroke={SWEEP_LINE_COLOR.refinement}
          strokeWidth={2}
          shape="diamond"
          isAnimationActive={false}
          name="added by the search"
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
