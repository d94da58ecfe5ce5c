// What every report says about stacks, computed once so the terminal table, Markdown, CSV and the
// web app read alike: each stack of a cell with its figures and its p50 against each side of the
// cell's pair (express and grpc-js unless the run compared others), the layer walk, and each stack's client latency split
// into network-and-client, framework, codec and handler. A cell measured through the default two
// stacks alone (every result written before stacks) has none of this, and reports render as before.
import type { CellResult, ProtocolSummary, RunResult } from "../result/result-schema";
import { cellPair } from "../stacks/stack-pair";
import { stackIds, stacks, type StackId } from "../stacks/stacks";
import type { RatioCI } from "../stats/bootstrap";
import { formatMs, formatRps, formatSpeedupCI } from "./format";
import { cellPlacement, hasPlacements } from "./answer/placements";

/** A ratio oriented like every speedup here: above 1, the stack named by the row did better. */
export type StackRatio = Pick<RatioCI, "estimate" | "low" | "high" | "degenerate" | "winnerWithheld">;

export interface StackRow {
  stack: StackId;
  /** The load generator that drove it (the measure's own record, else the stack's definition). */
  tool: string;
  measure: ProtocolSummary;
  payload: { requestBodyBytes: number; responseBodyBytes: number };
  /** p50 of the pair's REST stack (express) / p50 of this stack; null for that stack itself or when not compared. */
  vsExpress: StackRatio | null;
  /** p50 of the pair's gRPC stack (grpc-js) / p50 of this stack; null for that stack itself or when not compared. */
  vsGrpc: StackRatio | null;
}

export const cellHasStacks = (cell: CellResult): boolean => (cell.stacks?.length ?? 0) > 0;
export const resultHasStacks = (result: RunResult): boolean => result.cells.some(cellHasStacks);

const inverted = (ci: StackRatio): StackRatio => ({
  estimate: 1 / ci.estimate,
  low: 1 / ci.high,
  high: 1 / ci.low,
  degenerate: ci.degenerate,
  ...(ci.winnerWithheld ? { winnerWithheld: ci.winnerWithheld } : {}),
});

/** `stack` against `reference` at p50, oriented so that above 1 means `stack` was faster. */
export function stackRatio(cell: CellResult, stack: StackId, reference: StackId): StackRatio | null {
  if (stack === reference) return null;
  // The pair is the cell's own comparison: REST p50 / gRPC p50, above 1 when its gRPC stack was faster.
  const pair = cellPair(cell);
  const inPair = (id: StackId) => id === pair.rest || id === pair.grpc;
  if (inPair(stack) && inPair(reference)) {
    // Every other stack here was measured by its tool: the pair's ratio is the tools' too.
    const ci = (cell.toolClients?.comparisons ?? cell.comparisons).find((c) => c.metric === "p50")?.ci;
    if (!ci) return null;
    return stack === pair.grpc ? ci : inverted(ci);
  }
  const pairs = [...(cell.stackComparisons ?? []), ...(cell.layers ?? [])];
  for (const pair of pairs) {
    const ci = pair.comparisons.find((c) => c.metric === "p50")?.ci;
    if (!ci) continue;
    // A pair's ratio is above 1 when its `to` did better.
    if (pair.from === reference && pair.to === stack) return ci;
    if (pair.from === stack && pair.to === reference) return inverted(ci);
  }
  return null;
}

/** Every stack measured in the cell, in the stack table's order (REST stacks first). */
export function stackRowsOf(cell: CellResult): StackRow[] {
  const pair = cellPair(cell);
  // The stack table is the tools' measurement throughout (a cell measured both ways keeps it in toolClients).
  const pairSide = cell.toolClients ?? cell;
  const measured = new Map<StackId, { measure: ProtocolSummary; payload: StackRow["payload"] }>([
    [pair.rest, { measure: pairSide.rest, payload: cell.payload.rest }],
    [pair.grpc, { measure: pairSide.grpc, payload: cell.payload.grpc }],
    ...(cell.stacks ?? []).map((s) => [s.stack, { measure: s.summary, payload: s.payload }] as const),
  ]);
  return stackIds
    .filter((id) => measured.has(id))
    .map((stack) => {
      const { measure, payload } = measured.get(stack)!;
      return {
        stack,
        tool: measure.generator.tool || stacks[stack].tool,
        measure,
        payload,
        vsExpress: stackRatio(cell, stack, pair.rest),
        vsGrpc: stackRatio(cell, stack, pair.grpc),
      };
    });
}

export interface LayerRow {
  /** A stack layer (framework, encoding...) or "client": a side's tool swapped for the equal client. */
  layer: string;
  /** A stack, or for a client step the program on its server: "ghz on grpc-js". */
  from: string;
  to: string;
  /** p50 of `from` / p50 of `to`: above 1, changing this layer made it faster. */
  ratio: StackRatio | null;
  text: string;
}

/** A client step as a row of the walk: "autocannon on express" -> "h2load on express". */
function clientRowOf(step: NonNullable<CellResult["clientSteps"]>[number]): LayerRow {
  return {
    layer: "client",
    from: `${step.from} on ${step.stack}`,
    to: `${step.to} on ${step.stack}`,
    ratio: step.comparisons.find((c) => c.metric === "p50")?.ci ?? null,
    text: step.text,
  };
}

/**
 * The walk of a cell: the REST side's client step, the stack layers from the pair's REST stack to
 * its gRPC stack, then the gRPC side's client step, for the steps the cell measured.
 */
export function layerRowsOf(cell: CellResult): LayerRow[] {
  const clientRows = (side: "rest" | "grpc") =>
    (cell.clientSteps ?? []).filter((step) => step.side === side).map(clientRowOf);
  return [
    ...clientRows("rest"),
    ...(cell.layers ?? []).map((step) => ({
      layer: step.layer,
      from: step.from,
      to: step.to,
      ratio: step.comparisons.find((c) => c.metric === "p50")?.ci ?? null,
      text: step.text,
    })),
    ...clientRows("grpc"),
  ];
}

/**
 * How far the parts may miss the client mean before a report says they do not add up: they can
 * only miss by what the server's split misses its own server time (the network-and-client part
 * is the client mean less the server time), so the tolerance is a share of the server time, with
 * a floor for the microsecond rounding of tiny figures.
 */
export const SPLIT_TOLERANCE = { shareOfServerTime: 0.05, floorMs: 0.001 } as const;

export const SPLIT_TOLERANCE_TEXT = `${SPLIT_TOLERANCE.shareOfServerTime * 100}% of the server time, at least ${SPLIT_TOLERANCE.floorMs * 1000} µs`;

export interface SplitView {
  /** The client's mean latency: the whole bar. */
  totalMs: number;
  serverMs: number;
  /** Client mean less the server time: the network, the kernel and the load generator. */
  networkClientMs: number;
  /** split.restMs: framework, framing, scheduling. */
  frameworkMs: number;
  codecMs: number;
  /** split.serviceMs: the service function, cache and database included. */
  handlerMs: number;
  sumMs: number;
  toleranceMs: number;
  addsUp: boolean;
}

/** The split of one measure, or null when its server did not report one. */
export function splitOf(measure: Pick<ProtocolSummary, "latencyMs" | "server">): SplitView | null {
  const split = measure.server.split;
  const serverMs = measure.server.serverTimeMsMean;
  if (!split || serverMs === null || measure.latencyMs.count === 0) return null;
  const totalMs = measure.latencyMs.mean;
  const networkClientMs = totalMs - serverMs;
  const sumMs = networkClientMs + split.restMs + split.codecMs + split.serviceMs;
  const toleranceMs = Math.max(SPLIT_TOLERANCE.shareOfServerTime * serverMs, SPLIT_TOLERANCE.floorMs);
  return {
    totalMs,
    serverMs,
    networkClientMs,
    frameworkMs: split.restMs,
    codecMs: split.codecMs,
    handlerMs: split.serviceMs,
    sumMs,
    toleranceMs,
    // A server time above the client's latency means the two clocks disagree: no honest split.
    addsUp: Math.abs(sumMs - totalMs) <= toleranceMs + 1e-9 && networkClientMs >= 0,
  };
}

/** "item.get (warm)" or "item.get (warm, cross-region)" when the result has placements. */
export function stackCellTitle(result: RunResult, cell: CellResult): string {
  const where = hasPlacements(result) ? `, ${cellPlacement(cell)}` : "";
  return `${cell.workload} (${cell.cacheMode}${where})`;
}

/** The two ratio columns' headings: against the cell's pair (express and grpc-js unless the run compared others). */
export const pairColumnHeaders = (cell: CellResult): [string, string] => {
  const pair = cellPair(cell);
  return [`vs ${pair.rest} p50 [95% CI]`, `vs ${pair.grpc} p50 [95% CI]`];
};

/** The legend of the stack tables, naming the run's pair (every cell of a run has the same one). */
export function stacksLegend(result: RunResult): string {
  const pair = cellPair(result.cells[0] ?? {});
  return (
    `vs ${pair.rest} = ${pair.rest} p50 / the stack's p50, vs ${pair.grpc} = ${pair.grpc} p50 / the stack's p50: above 1 the stack was faster. ` +
    LAYER_LEGEND
  );
}

const LAYER_LEGEND =
  "A layer's ratio is the first stack's p50 / the second's: above 1, changing that layer alone made it faster.";

export const SPLIT_LEGEND =
  "Client mean latency split per request (ms): network and client = client mean - server time; framework = server time " +
  "outside the service function and the codec (framing, routing, scheduling); codec = encoding and decoding bodies; " +
  `handler = the service function, cache and database included. The parts must add up to the client mean within ${SPLIT_TOLERANCE_TEXT}.`;

/** A ratio with its CI as every report prints it, "-" when there is none. */
export const stackRatioText = (r: StackRatio | null): string => (r ? formatSpeedupCI(r) : "-");

/** A stack's row of the stack table: stack, tool, p50, p99, rps, against express, against grpc-js. */
export function stackRowTexts(row: StackRow): string[] {
  const hasLatency = row.measure.latencyMs.count > 0;
  return [
    row.stack,
    row.tool,
    hasLatency ? formatMs(row.measure.latencyMs.p50) : "-",
    hasLatency ? formatMs(row.measure.latencyMs.p99) : "-",
    formatRps(row.measure.rps),
    stackRatioText(row.vsExpress),
    stackRatioText(row.vsGrpc),
  ];
}

/** A split's figures as printed: client mean, network+client, framework, codec, handler, sum of parts. */
export function splitFigureTexts(view: SplitView): string[] {
  return [view.totalMs, view.networkClientMs, view.frameworkMs, view.codecMs, view.handlerMs, view.sumMs].map(formatMs);
}
