import type { CellResult, Comparison, ProtocolSummary, RunResult } from "@relix/core/result/result-schema";
import { PERCENTILE_METRICS } from "@relix/core/stats/latency-metrics";
import { cacheModeLabel } from "../format";
import { axisValueText } from "./sweep-rows";

// A finished result -> the rows each report chart and its table draw. Pure and serialisable: the
// server component computes them and hands plain objects to the client charts.

/**
 * A cell's placement in a key: none for loopback, so a loopback cell keeps the key it had before
 * placements existed and compares with the same cell of an older run.
 */
const placementPart = (cell: Pick<CellResult, "placement">) =>
  cell.placement === undefined || cell.placement === "loopback" ? "" : `|${cell.placement}`;

/** A swept cell's grid point, in a key: none outside a sweep, so every other cell keeps its key. */
const coordsPart = (cell: Pick<CellResult, "coords">) =>
  cell.coords
    ? Object.entries(cell.coords)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([d, v]) => `|${d}=${v}`)
        .join("")
    : "";

type CellIdentity = Pick<CellResult, "workload" | "cacheMode" | "placement" | "coords">;

export const cellKey = (cell: CellIdentity): string =>
  `${cell.workload}|${cell.cacheMode}${placementPart(cell)}${coordsPart(cell)}`;

/**
 * "Item by id · warm", "Item by id · warm · cross-region", "Item list · warm · 1,000 records":
 * unlabelled means loopback, as in every older result.
 */
export const cellTitle = (cell: Pick<CellResult, "label" | "cacheMode" | "placement" | "coords">): string =>
  [
    cell.label,
    cell.cacheMode === "none" ? null : cacheModeLabel(cell.cacheMode),
    cell.placement === "loopback" ? null : (cell.placement ?? null),
    ...Object.entries(cell.coords ?? {}).map(([d, v]) => axisValueText(d, v)),
  ]
    .filter(Boolean)
    .join(" · ");

/** An id usable in a URL fragment and as a DOM id. */
export const cellAnchor = (cell: CellIdentity): string =>
  `cell-${cell.workload}-${cell.cacheMode}${placementPart(cell)}${coordsPart(cell)}`.replace(/[^A-Za-z0-9_-]/g, "-");

export interface ProtocolPair {
  rest: number | null;
  grpc: number | null;
}

export type PercentileRow = { percentile: string } & ProtocolPair;

/** Client latency percentiles, REST vs gRPC, float ms. */
export function latencyPercentileRows(cell: CellResult): PercentileRow[] {
  return PERCENTILE_METRICS.map(({ label, key }) => ({
    percentile: label,
    rest: cell.rest.latencyMs.count > 0 ? cell.rest.latencyMs[key] : null,
    grpc: cell.grpc.latencyMs.count > 0 ? cell.grpc.latencyMs[key] : null,
  }));
}

export type CellPairRow = { key: string; cell: string } & ProtocolPair;

export function throughputRows(cells: readonly CellResult[]): CellPairRow[] {
  return cells.map((cell) => ({ key: cellKey(cell), cell: cellTitle(cell), rest: cell.rest.rps, grpc: cell.grpc.rps }));
}

export type PayloadRow = { measure: string } & ProtocolPair;

/** Bytes of one request and one response: the bodies in each encoding, and what crossed the server's sockets. */
export function payloadRows(cell: CellResult): PayloadRow[] {
  const wire = (summary: ProtocolSummary, side: "received" | "sent") =>
    summary.server.wireBytesPerRequest?.[side] ?? null;
  return [
    { measure: "Request body", rest: cell.payload.rest.requestBodyBytes, grpc: cell.payload.grpc.requestBodyBytes },
    { measure: "Response body", rest: cell.payload.rest.responseBodyBytes, grpc: cell.payload.grpc.responseBodyBytes },
    { measure: "Wire in / request", rest: wire(cell.rest, "received"), grpc: wire(cell.grpc, "received") },
    { measure: "Wire out / request", rest: wire(cell.rest, "sent"), grpc: wire(cell.grpc, "sent") },
  ];
}

export interface ResourceRow {
  key: string;
  cell: string;
  restCpu: number | null;
  grpcCpu: number | null;
  restRss: number | null;
  grpcRss: number | null;
  restServerMs: number | null;
  grpcServerMs: number | null;
}

/** Server CPU per 1,000 requests, peak RSS and mean server time per request, per cell. */
export function resourceRows(cells: readonly CellResult[]): ResourceRow[] {
  return cells.map((cell) => ({
    key: cellKey(cell),
    cell: cellTitle(cell),
    restCpu: cell.rest.server.cpuMsPer1000,
    grpcCpu: cell.grpc.server.cpuMsPer1000,
    restRss: cell.rest.server.peakRssBytes,
    grpcRss: cell.grpc.server.peakRssBytes,
    restServerMs: cell.rest.server.serverTimeMsMean,
    grpcServerMs: cell.grpc.server.serverTimeMsMean,
  }));
}

export interface CacheModeRow {
  cacheMode: string;
  restP50: number;
  grpcP50: number;
  restRps: number;
  grpcRps: number;
  restHitRatio: number | null;
  grpcHitRatio: number | null;
}

export interface CacheComparison {
  workload: string;
  label: string;
  rows: CacheModeRow[];
}

const CACHE_ORDER = ["memory", "warm", "miss", "cold"];

/** For each workload measured in more than one cache mode: the modes side by side. */
export function cacheComparisons(cells: readonly CellResult[]): CacheComparison[] {
  const byWorkload = new Map<string, CellResult[]>();
  for (const cell of cells) {
    if (cell.cacheMode === "none") continue;
    const list = byWorkload.get(cell.workload) ?? [];
    list.push(cell);
    byWorkload.set(cell.workload, list);
  }
  const out: CacheComparison[] = [];
  for (const [workload, list] of byWorkload) {
    if (list.length < 2) continue;
    const sorted = [...list].sort((a, b) => CACHE_ORDER.indexOf(a.cacheMode) - CACHE_ORDER.indexOf(b.cacheMode));
    out.push({
      workload,
      label: sorted[0]!.label,
      rows: sorted.map((cell) => ({
        cacheMode: cell.cacheMode,
        restP50: cell.rest.latencyMs.p50,
        grpcP50: cell.grpc.latencyMs.p50,
        restRps: cell.rest.rps,
        grpcRps: cell.grpc.rps,
        restHitRatio: cell.rest.server.cacheHitRatio,
        grpcHitRatio: cell.grpc.server.cacheHitRatio,
      })),
    });
  }
  return out;
}

export interface SpeedupRow {
  key: string;
  cell: string;
  metric: Comparison["metric"];
  /** > 1: gRPC better (the shared convention: REST/gRPC for latency, gRPC/REST for rps). */
  speedup: number;
  low: number;
  high: number;
  /** [speedup - low, high - speedup], for an error bar. */
  error: [number, number];
  winner: Comparison["winner"];
  degenerate: boolean;
  /** No winner named for want of a calibration, whatever the interval says (RatioCI.winnerWithheld). */
  winnerWithheld: boolean;
  text: string;
}

/** A comparison's speedup and interval as a chart draws them: the bar, its ends and its error bar. */
export function intervalBar(comparison: Comparison) {
  const { estimate, low, high, degenerate } = comparison.ci;
  return {
    speedup: estimate,
    low,
    high,
    error: [Math.max(0, estimate - low), Math.max(0, high - estimate)] as [number, number],
    winner: comparison.winner,
    degenerate,
    text: comparison.text,
  };
}

/** One cell's row for one of its comparisons. */
export function speedupRowOf(cell: CellResult, comparison: Comparison): SpeedupRow {
  return {
    key: cellKey(cell),
    cell: cellTitle(cell),
    metric: comparison.metric,
    ...intervalBar(comparison),
    winnerWithheld: comparison.ci.winnerWithheld === true,
  };
}

/** The headline comparison of each cell for one metric, with its confidence interval. */
export function speedupRows(cells: readonly CellResult[], metric: Comparison["metric"] = "p50"): SpeedupRow[] {
  const rows: SpeedupRow[] = [];
  for (const cell of cells) {
    const comparison = cell.comparisons.find((c) => c.metric === metric);
    if (comparison) rows.push(speedupRowOf(cell, comparison));
  }
  return rows;
}

export interface PublishedRow {
  label: string;
  unit: string;
  publishedRest: number | null;
  publishedGrpc: number | null;
  measuredRest: number | null;
  measuredGrpc: number | null;
  note: string | null;
}

export function publishedRows(cell: CellResult): PublishedRow[] {
  return (cell.published ?? []).map((figure) => ({
    label: figure.label,
    unit: figure.unit,
    publishedRest: figure.published.rest,
    publishedGrpc: figure.published.grpc,
    measuredRest: figure.measured.rest,
    measuredGrpc: figure.measured.grpc,
    note: figure.note ?? null,
  }));
}

export interface TimelineRow {
  second: number;
  restRps: number | null;
  grpcRps: number | null;
  restP99: number | null;
  grpcP99: number | null;
}

/** Per-second throughput and p99 of one trial, both protocols on the same x (second of the window). */
export function timelineRows(cell: CellResult, trial = 1): TimelineRow[] {
  const t = cell.trials.find((x) => x.trial === trial) ?? cell.trials[0];
  if (!t) return [];
  const bySecond = new Map<number, TimelineRow>();
  const row = (second: number): TimelineRow => {
    let r = bySecond.get(second);
    if (!r) {
      r = { second, restRps: null, grpcRps: null, restP99: null, grpcP99: null };
      bySecond.set(second, r);
    }
    return r;
  };
  for (const p of t.rest.timeline) Object.assign(row(p.second), { restRps: p.requests, restP99: p.p99Ms });
  for (const p of t.grpc.timeline) Object.assign(row(p.second), { grpcRps: p.requests, grpcP99: p.p99Ms });
  return [...bySecond.values()].sort((a, b) => a.second - b.second);
}

/** The one-line headline of a run: the only cell's verdict, or how the cells split at p50. */
export function runHeadline(result: RunResult): string {
  if (result.cells.length === 0) return "no cells measured";
  if (result.cells.length === 1) return result.cells[0]!.verdict;
  const p50 = speedupRows(result.cells, "p50");
  const count = (winner: SpeedupRow["winner"]) => p50.filter((r) => r.winner === winner).length;
  const [grpc, rest, none] = [count("grpc"), count("rest"), count("none")];
  const parts = [
    grpc > 0 && `gRPC faster in ${grpc} of ${p50.length} cells`,
    rest > 0 && `REST faster in ${rest} of ${p50.length}`,
    none > 0 &&
      `${p50.filter((r) => r.winner === "none").every((r) => r.degenerate || r.winnerWithheld) ? "not enough to tell" : "no significant difference"} in ${none}`,
  ].filter(Boolean);
  return `At p50: ${parts.join(", ")}`;
}
