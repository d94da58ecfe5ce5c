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
import { AXIS_TICK, axisLabel, GRID_STROKE, TOOLTIP_STYLE } from "../axis";
import { sweepLineScale } from "./sweep-line-scale";

interface SweepLineChartProps {
  axis: SweepAxisView;
  points: LinePoint[];
  crossovers: Crossover[];
}

/** A planned grid point on the line; a point the search added is drawn by the scatter on top instead. */
function GridDot(props: { cx?: number; cy?: number; index?: number; payload?: LinePoint }) {
  const { cx, cy, index, payload } = props;
  if (cx === undefined || cy === undefined || !payload || payload.refinement) return <g key={`dot-${index}`} />;
  return (
    <circle key={`dot-${index}`} className="recharts-line-dot" cx={cx} cy={cy} r={4} fill={SWEEP_LINE_COLOR.line} />
  );
}

/** Each found crossover's bracket as a shaded band, labelled with its estimate. */
function crossoverBands({ axis, crossovers }: Pick<SweepLineChartProps, "axis" | "crossovers">) {
  const found = crossovers.filter((c) => c.status === "found" && c.low !== undefined && c.high !== undefined);
  return found.map((c) => (
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
  ));
}

/**
 * gRPC's p50 speedup (> 1: gRPC faster) along one swept knob on a log axis, its 95% CI as a band,
 * a line at 1, the points the crossover search added drawn apart from the planned grid, and the
 * crossover's bracket as a shaded band labelled with its estimate.
 */
export function SweepLineChart({ axis, points, crossovers }: SweepLineChartProps) {
  if (points.length === 0) return <div className="chart-empty">No measured point</div>;
  const { ticks, domain, yTicks } = sweepLineScale(axis, points);
  const refined = points.filter((p) => p.refinement && p.speedup !== null);
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
        {crossoverBands({ axis, crossovers })}
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
