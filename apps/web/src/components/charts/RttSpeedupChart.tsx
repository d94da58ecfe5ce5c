"use client";

import {
  CartesianGrid,
  ErrorBar,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { rttAxisIsLog, type RttPoint } from "@/lib/report/placement-rows";
import { AXIS_TICK, axisLabel, GRID_STROKE, speedupTicks, TOOLTIP_STYLE } from "./axis";

const rttText = (ms: number) => (ms >= 10 ? `${+ms.toFixed(1)} ms` : `${+ms.toFixed(3)} ms`);

/** Whole decades around the RTTs (0.01, 0.1, 1, 10, 100 ms...): a log axis reads by its powers of ten. */
function decades(rtts: readonly number[]): number[] {
  const low = Math.floor(Math.log10(Math.min(...rtts)));
  const high = Math.ceil(Math.log10(Math.max(...rtts)));
  return Array.from({ length: high - low + 1 }, (_, i) => +(10 ** (low + i)).toPrecision(1));
}

/**
 * gRPC's p50 speedup (> 1: gRPC faster) at each placement's measured RTT, its 95% CI as an error
 * bar, around a line at 1. The RTT axis is logarithmic when the RTTs span more than ~10x, so
 * loopback's fraction of a millisecond and a cross-region 147 ms both get room.
 */
export function RttSpeedupChart({ points }: { points: RttPoint[] }) {
  if (points.length === 0) return <div className="chart-empty">No measured placement</div>;
  const log = rttAxisIsLog(points);
  const xTicks = log ? decades(points.map((p) => p.rttMs)) : undefined;
  const yTicks = speedupTicks(Math.max(1.2, ...points.map((p) => p.high)));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={points} margin={{ top: 8, right: 24, bottom: 22, left: 8 }}>
        <CartesianGrid stroke={GRID_STROKE} />
        <XAxis
          type="number"
          dataKey="rttMs"
          scale={log ? "log" : "linear"}
          domain={xTicks ? [xTicks[0]!, xTicks.at(-1)!] : [0, "auto"]}
          {...(xTicks ? { ticks: xTicks } : {})}
          tick={AXIS_TICK}
          tickLine={false}
          axisLine={{ stroke: "#cbd5e1" }}
          tickFormatter={(v: number) => rttText(v)}
          label={axisLabel(`measured RTT, ms${log ? " (log scale)" : ""}`, "x")}
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
          labelFormatter={(_label, payload) => {
            const point = payload[0]?.payload as RttPoint | undefined;
            return point ? `${point.placement} · ${rttText(point.rttMs)} RTT` : "";
          }}
          formatter={(_v, _n, item) => [(item.payload as RttPoint).text, "verdict"]}
        />
        <ReferenceLine y={1} stroke="#0f172a" strokeDasharray="4 3" />
        <Line
          dataKey="speedup"
          name="speedup"
          stroke="#2563eb"
          strokeWidth={1.5}
          dot={{ r: 4, fill: "#2563eb" }}
          isAnimationActive={false}
        >
          <ErrorBar
            dataKey="error"
            width={6}
            strokeWidth={1.5}
            stroke="#0f172a"
            direction="y"
            isAnimationActive={false}
          />
        </Line>
      </LineChart>
    </ResponsiveContainer>
  );
}
