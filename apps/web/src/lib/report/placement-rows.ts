import type { PlacementName } from "@relix/core/network/placements";
import { placementGroups, placementRttMs } from "@relix/core/render/answer/placements";
import type { Comparison, RunResult } from "@relix/core/result/result-schema";
import { cellTitle, intervalBar } from "./report-rows";

// A result measured under several placements -> one series per workload (and cache mode): the p50
// speedup with its interval at each placement's measured RTT. Pure and serialisable, like report-rows.

export interface RttPoint {
  placement: PlacementName;
  /** The RTT the placement's cells were measured at (its target when none was measured), ms. */
  rttMs: number;
  targetRttMs: number;
  speedup: number;
  low: number;
  high: number;
  /** [speedup - low, high - speedup], for an error bar. */
  error: [number, number];
  winner: Comparison["winner"];
  degenerate: boolean;
  text: string;
}

export interface RttSeries {
  key: string;
  title: string;
  points: RttPoint[];
}

/** Loopback's RTT is tiny but above 0; a log axis needs every value above 0 all the same. */
const MIN_RTT_MS = 0.001;

export function rttSpeedupSeries(result: Pick<RunResult, "placements" | "cells">): RttSeries[] {
  const groups = placementGroups(result).filter((g) => g.record?.status !== "refused");
  const series = new Map<string, RttSeries>();
  for (const group of groups) {
    const rtt = placementRttMs(group.record) ?? 0;
    for (const cell of group.cells) {
      const comparison = cell.comparisons.find((c) => c.metric === "p50");
      if (!comparison) continue;
      const key = `${cell.workload}|${cell.cacheMode}`;
      const entry = series.get(key) ?? { key, title: cellTitle({ ...cell, placement: undefined }), points: [] };
      entry.points.push({
        placement: group.name,
        rttMs: Math.max(MIN_RTT_MS, rtt),
        targetRttMs: group.record?.targetRttMs ?? 0,
        ...intervalBar(comparison),
      });
      series.set(key, entry);
    }
  }
  for (const entry of series.values()) entry.points.sort((a, b) => a.rttMs - b.rttMs);
  return [...series.values()];
}

/** A log RTT axis when the RTTs span more than ~10x (loopback against any emulated placement). */
export function rttAxisIsLog(points: readonly Pick<RttPoint, "rttMs">[]): boolean {
  if (points.length < 2) return false;
  const rtts = points.map((p) => p.rttMs);
  return Math.max(...rtts) / Math.min(...rtts) > 10;
}
