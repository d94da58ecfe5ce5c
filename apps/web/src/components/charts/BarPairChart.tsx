"use client";

import type { BarPairRow } from "./bar-pair-props";
import { HorizontalBarPairChart } from "./HorizontalBarPairChart";
import type { ValueFormat } from "./value-format";
import { VerticalBarPairChart } from "./VerticalBarPairChart";

export type { BarPairRow } from "./bar-pair-props";

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
  const layout = { rows, format, yLabel, xLabel, restKey, grpcKey };
  return horizontal ? <HorizontalBarPairChart {...layout} /> : <VerticalBarPairChart {...layout} />;
}
