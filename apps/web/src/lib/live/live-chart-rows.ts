import type { LiveGroup } from "./live-state";
import type { LivePoint } from "./live-series";

// One cell's bounded series -> the rows the live charts draw: REST and gRPC share the x axis
// (second of the cell), so the protocol measured second is drawn over the first one's line.

export interface LiveChartRow {
  second: number;
  restRps: number | null;
  grpcRps: number | null;
  restP50: number | null;
  restP99: number | null;
  grpcP50: number | null;
  grpcP99: number | null;
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

export function liveChartRows(group: LiveGroup | null): LiveChartRow[] {
  if (!group) return [];
  const rows = new Map<number, LiveChartRow>();
  const rowAt = (second: number): LiveChartRow => {
    let row = rows.get(second);
    if (!row) {
      row = { second, restRps: null, grpcRps: null, restP50: null, restP99: null, grpcP50: null, grpcP99: null };
      rows.set(second, row);
    }
    return row;
  };
  const put = (points: readonly LivePoint[], protocol: "rest" | "grpc") => {
    for (const p of points) {
      const row = rowAt(p.second);
      row[`${protocol}Rps`] = round(p.rps, 1);
      row[`${protocol}P50`] = round(p.p50Ms, 3);
      row[`${protocol}P99`] = round(p.p99Ms, 3);
    }
  };
  put(group.series.rest.points, "rest");
  put(group.series.grpc.points, "grpc");
  return [...rows.values()].sort((a, b) => a.second - b.second);
}

/** The seconds flagged as warm-up in either protocol, as [first, end) for a shaded band; null when none. */
export function warmupRange(group: LiveGroup | null): [number, number] | null {
  if (!group) return null;
  let from = Infinity;
  let to = -Infinity;
  for (const series of [group.series.rest, group.series.grpc]) {
    for (const p of series.points) {
      if (!p.warmup) continue;
      from = Math.min(from, p.second);
      to = Math.max(to, p.second + p.span);
    }
  }
  return Number.isFinite(from) ? [from, to] : null;
}
