import {
  cellHasStacks,
  layerRowsOf,
  splitOf,
  stackRatio,
  stackRowsOf,
  type StackRatio,
} from "@relix/core/render/stacks";
import type { CellResult, RunResult } from "@relix/core/result/result-schema";
import { cellPair, type StackPair } from "@relix/core/stacks/stack-pair";
import type { StackId } from "@relix/core/stacks/stacks";
import { clearOfParity } from "@relix/core/stats/verdict";
import { cellKey, cellTitle } from "./report-rows";

// A result with stacks -> per cell the walk from express to grpc-js (one rung per layer, then the
// whole difference), the stacks' figures, and each stack's client latency split. Pure and
// serialisable (computed on the server, drawn by client charts), like report-rows.

export interface LadderRung {
  /** "framework: express → node"; the last rung is the whole difference. */
  step: string;
  layer: string;
  from: string;
  to: string;
  /** p50 of `from` / p50 of `to`: above 1, `to` (the changed layer) was faster. */
  ratio: number;
  low: number;
  high: number;
  /** [ratio - low, high - ratio], for an error bar. */
  error: [number, number];
  degenerate: boolean;
  /** The rung's CI lies wholly on one side of 1. */
  significant: boolean;
  text: string;
}

export interface StackFigureRow {
  stack: StackId;
  tool: string;
  p50Ms: number | null;
  p99Ms: number | null;
  rps: number;
  vsExpress: StackRatio | null;
  vsGrpc: StackRatio | null;
}

export interface SplitBar {
  stack: StackId;
  /** ms per request; null parts when the server did not report its split. */
  networkClient: number | null;
  framework: number | null;
  codec: number | null;
  handler: number | null;
  totalMs: number | null;
  sumMs: number | null;
  toleranceMs: number | null;
  addsUp: boolean | null;
}

export interface StackPanel {
  key: string;
  title: string;
  /** The two stacks the cell's headline compares: the ratio columns are against them. */
  pair: StackPair;
  ladder: LadderRung[];
  stacks: StackFigureRow[];
  splits: SplitBar[];
}

const WHOLE = "whole difference";

function rung(layer: string, from: string, to: string, ci: StackRatio, text: string): LadderRung {
  const label = layer === WHOLE ? `${WHOLE}: ${from} → ${to}` : `${layer}: ${from} → ${to}`;
  return {
    step: label,
    layer,
    from,
    to,
    ratio: ci.estimate,
    low: ci.low,
    high: ci.high,
    error: [Math.max(0, ci.estimate - ci.low), Math.max(0, ci.high - ci.estimate)],
    degenerate: ci.degenerate,
    significant: clearOfParity(ci),
    text,
  };
}

function panelOf(cell: CellResult): StackPanel {
  const ladder = layerRowsOf(cell)
    .filter((l) => l.ratio !== null)
    .map((l) => rung(l.layer, l.from, l.to, l.ratio!, l.text));
  const pair = cellPair(cell);
  const whole = stackRatio(cell, pair.grpc, pair.rest);
  // The rungs are the tools' steps, so the whole difference is the tools' too.
  if (whole) ladder.push(rung(WHOLE, pair.rest, pair.grpc, whole, cell.toolClients?.verdict ?? cell.verdict));
  const rows = stackRowsOf(cell);
  return {
    key: cellKey(cell),
    title: cellTitle(cell),
    pair,
    ladder,
    stacks: rows.map((row) => {
      const hasLatency = row.measure.latencyMs.count > 0;
      return {
        stack: row.stack,
        tool: row.tool,
        p50Ms: hasLatency ? row.measure.latencyMs.p50 : null,
        p99Ms: hasLatency ? row.measure.latencyMs.p99 : null,
        rps: row.measure.rps,
        vsExpress: row.vsExpress,
        vsGrpc: row.vsGrpc,
      };
    }),
    splits: rows.map((row) => {
      const view = splitOf(row.measure);
      return {
        stack: row.stack,
        networkClient: view ? Math.max(0, view.networkClientMs) : null,
        framework: view?.frameworkMs ?? null,
        codec: view?.codecMs ?? null,
        handler: view?.handlerMs ?? null,
        totalMs: view?.totalMs ?? null,
        sumMs: view?.sumMs ?? null,
        toleranceMs: view?.toleranceMs ?? null,
        addsUp: view?.addsUp ?? null,
      };
    }),
  };
}

/** One panel per cell measured through stacks beyond the default two; [] for every other result. */
export function stackPanels(result: Pick<RunResult, "cells">): StackPanel[] {
  return result.cells.filter(cellHasStacks).map(panelOf);
}

/** A log axis centred on 1: as far below 1 as above, reaching past every interval. */
export function ladderDomain(rungs: readonly Pick<LadderRung, "low" | "high">[]): {
  domain: [number, number];
  ticks: number[];
} {
  const reach = Math.max(1.25, ...rungs.flatMap((r) => [r.high, 1 / r.low]).map((x) => x * 1.05));
  const nice = [1.25, 1.5, 2, 3, 5, 10, 20, 50, 100, 200];
  const top = nice.find((s) => s >= reach) ?? reach;
  // At most three ticks each side of 1, so the labels stay apart.
  const above = [...nice.filter((s) => s < top).slice(-2), top];
  const ticks = [...above.map((s) => 1 / s).reverse(), 1, ...above].map((t) => +t.toPrecision(3));
  return { domain: [+(1 / top).toPrecision(3), top], ticks };
}
