"use client";

import {
  CartesianGrid,
  ErrorBar,
  ReferenceLine,
  ResponsiveContainer,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { ladderDomain, type LadderRung } from "@/lib/report/stack-rows";
import { LADDER_COLOR } from "@/lib/report/stack-chart-styles";
import { AXIS_TICK, axisLabel, GRID_STROKE, TOOLTIP_STYLE } from "./axis";

const times = (v: number) => `${+v.toFixed(2)}x`;

/**
 * The walk from express to grpc-js, one rung per layer: each step's p50 ratio (> 1: changing that
 * layer made it faster) with its 95% CI, on a log axis centred on 1 so that 2x faster and 2x
 * slower sit the same distance from it. The last rung is the whole difference.
 */
export function StackLadderChart({ rungs }: { rungs: LadderRung[] }) {
  if (rungs.length === 0) return <div className="chart-empty">No layer step had both its stacks measured</div>;
  const { domain, ticks } = ladderDomain(rungs);
  const points = rungs.map((r) => ({ ...r, fill: r.significant ? LADDER_COLOR.significant : LADDER_COLOR.none }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ScatterChart layout="vertical" margin={{ top: 8, right: 24, bottom: 22, left: 8 }}>
        <CartesianGrid stroke={GRID_STROKE} horizontal={false} />
        <XAxis
          type="number"
          dataKey="ratio"
          scale="log"
          domain={domain}
          ticks={ticks}
          allowDataOverflow
          tick={AXIS_TICK}
          tickLine={false}
          axisLine={{ stroke: "#cbd5e1" }}
          tickFormatter={times}
          label={axisLabel("p50 ratio, × (log scale; > 1: the step made it faster)", "x")}
        />
        <YAxis
          type="category"
          dataKey="step"
          tick={AXIS_TICK}
          tickLine={false}
          axisLine={false}
          width={220}
          interval={0}
          allowDuplicatedCategory={false}
        />
        <Tooltip
          {...TOOLTIP_STYLE}
          cursor={false}
          formatter={(_v, _n, item) => [(item.payload as LadderRung).text, (item.payload as LadderRung).step]}
        />
        <ReferenceLine x={1} stroke="#0f172a" strokeDasharray="4 3" />
        <Scatter data={points} name="p50 ratio" isAnimationActive={false} shape="circle">
          <ErrorBar
            dataKey="error"
            width={6}
            strokeWidth={1.5}
            stroke="#0f172a"
            direction="x"
            isAnimationActive={false}
          />
        </Scatter>
      </ScatterChart>
    </ResponsiveContainer>
  );
}
