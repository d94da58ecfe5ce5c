import { plannedCells } from "../presets/measuring-time";
import type { CellResult, Comparison } from "../result/result-schema";
import type { RunSpec } from "../spec/run-spec";
import { cellPair } from "../stacks/stack-pair";
import { stacks, type StackId } from "../stacks/stacks";
import type { RatioCI } from "../stats";
import { isNumericDimension } from "./sweep-plan";
import type { SweepCoords, SweepPoint } from "./sweep-result";

/**
 * The dimensions a point names besides its numeric knobs: every list axis, and the run's own
 * lists when they hold more than one value (two cells at the same knob values must not read as
 * one point).
 */
export function pointListDimensions(spec: RunSpec): Array<"network" | "cacheModes" | "stacks"> {
  const axes = new Set(spec.sweep?.axes.map((a) => a.dimension) ?? []);
  const out: Array<"network" | "cacheModes" | "stacks"> = [];
  if (axes.has("network") || (spec.network?.length ?? 1) > 1) out.push("network");
  // Workloads that never read through the cache have one cell whatever the modes.
  if (axes.has("cacheModes") || new Set(plannedCells(spec).map((c) => c.cacheMode)).size > 1) out.push("cacheModes");
  if (axes.has("stacks")) out.push("stacks");
  return out;
}

/** The other way round: the bounds swap, and so do the sides a thin window's call counts belong to. */
const invert = (ci: RatioCI): RatioCI => ({
  ...ci,
  ratio: "rest/grpc",
  estimate: 1 / ci.estimate,
  low: 1 / ci.high,
  high: 1 / ci.low,
  ...(ci.samples ? { samples: { rest: ci.samples.grpc, grpc: ci.samples.rest } } : {}),
});

/**
 * A stack's comparison with the other side of the cell's pair, oriented like the cell's own (REST
 * p50 / gRPC p50, above 1 gRPC faster): a REST stack against the pair's gRPC stack (grpc-js), a
 * gRPC stack against its REST stack (express).
 */
function stackP50(cell: CellResult, stack: StackId): Pick<SweepPoint, "p50" | "winner" | "verdict"> {
  const own = cell.comparisons.find((c) => c.metric === "p50");
  const cellStacks = cellPair(cell);
  if (stack === cellStacks.rest || stack === cellStacks.grpc) return comparisonPoint(own, cell.verdict);
  const family = stacks[stack].family;
  const from = family === "rest" ? cellStacks.grpc : cellStacks.rest;
  const pair = cell.stackComparisons?.find((p) => p.from === from && p.to === stack);
  const p50 = pair?.comparisons.find((c) => c.metric === "p50");
  if (!pair || !p50) return { p50: null, winner: "none", verdict: `no verdict for ${stack}` };
  const winner = p50.winner === "none" ? "none" : p50.winner === stack ? family : family === "rest" ? "grpc" : "rest";
  return { p50: family === "rest" ? invert(p50.ci) : p50.ci, winner, verdict: p50.text };
}

function comparisonPoint(p50: Comparison | undefined, verdict: string): Pick<SweepPoint, "p50" | "winner" | "verdict"> {
  return p50 ? { p50: p50.ci, winner: p50.winner, verdict: p50.text } : { p50: null, winner: "none", verdict };
}

/** A cell's numeric coordinates with the list dimensions the points name. */
export function cellCoords(cell: CellResult, listDimensions: readonly string[]): SweepCoords {
  const coords: SweepCoords = {};
  for (const [d, v] of Object.entries(cell.coords ?? {})) if (isNumericDimension(d)) coords[d] = v;
  if (listDimensions.includes("network")) coords.network = cell.placement ?? "loopback";
  if (listDimensions.includes("cacheModes")) coords.cacheModes = cell.cacheMode;
  return coords;
}

/** The sweep's points from the run's cells: one per cell (one per cell and stack on a stacks axis). */
export function sweepPointsOf(spec: RunSpec, cells: readonly CellResult[]): SweepPoint[] {
  const lists = pointListDimensions(spec);
  const stackAxis = spec.sweep?.axes.find((a) => a.dimension === "stacks");
  return cells
    .filter((cell) => cell.coords !== undefined)
    .flatMap((cell) => {
      const coords = cellCoords(cell, lists);
      const base = { workload: cell.workload, refinement: cell.refinement ?? false };
      if (!stackAxis) {
        const p50 = cell.comparisons.find((c) => c.metric === "p50");
        return [{ ...base, coords, ...comparisonPoint(p50, cell.verdict) }];
      }
      return stackAxis.values.map((stack) => ({
        ...base,
        coords: { ...coords, stacks: stack },
        ...stackP50(cell, stack),
      }));
    });
}
