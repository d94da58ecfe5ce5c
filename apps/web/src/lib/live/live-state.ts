import type { Protocol } from "@relix/core/result/result-schema";
import { appendSample, DEFAULT_POINT_CAP, emptySeries, type LiveSeries } from "./live-series";
import type { CellRef, StreamEvent } from "@relix/core/runner-api/run-events";
import type { RunStatus } from "@relix/core/runner-api/run-status";
import { DEFAULT_STACKS } from "@relix/core/stacks/stacks";
import { sweepPointLabel } from "@relix/core/render/sweeps/coords-label";

// Everything the live page shows, folded from the run's events. A pure reducer: the page feeds it
// events from SSE (in order, possibly replayed after a reconnect) and renders the state.
// Every list in it is capped, so a long run cannot grow the page's memory.

export interface LiveGroup {
  /** workload|cacheMode|trial (|placement|stack|sweep point): one REST run and one gRPC run of the same cell, drawn on the same axes. */
  key: string;
  workload: string;
  cacheMode: CellRef["cacheMode"];
  /** Absent for loopback (and in events of older runners). */
  placement?: CellRef["placement"];
  /** A stack beyond express and grpc-js: its own group, its one series under its family's protocol. */
  stack?: CellRef["stack"];
  /** Where a swept cell sits ("records=1,000", "(refining)" for an added point); absent without a sweep. */
  point?: string;
  trial: number;
  trials: number;
  series: Record<Protocol, LiveSeries>;
}

export interface CellEnd {
  key: string;
  workload: string;
  cacheMode: CellRef["cacheMode"];
  placement?: CellRef["placement"];
  /** A stack beyond express and grpc-js (absent for those two). */
  stack?: CellRef["stack"];
  trial: number;
  protocol: Protocol;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

export interface LiveMessage {
  /** Stable key: an error counter for a cell updates in place instead of flooding the list. */
  key: string;
  level: "warning" | "error";
  text: string;
  count: number;
}

export interface LiveState {
  lastSeq: number;
  status: RunStatus;
  position: number | null;
  reason: string | null;
  phase: { phase: string; message: string } | null;
  current: CellRef | null;
  window: { warmupMs: number; durationMs: number } | null;
  progress: { fraction: number; elapsedMs: number; remainingMs: number } | null;
  /** Most recent last. */
  groups: LiveGroup[];
  cellEnds: CellEnd[];
  messages: LiveMessage[];
  samples: number;
  errors: Record<Protocol, number>;
}

export const LIVE_LIMITS = {
  groups: 6,
  pointsPerSeries: DEFAULT_POINT_CAP,
  cellEnds: 120,
  messages: 40,
} as const;

export function initialLiveState(status: RunStatus = "queued", position: number | null = null): LiveState {
  return {
    lastSeq: 0,
    status,
    position,
    reason: null,
    phase: null,
    current: null,
    window: null,
    progress: null,
    groups: [],
    cellEnds: [],
    messages: [],
    samples: 0,
    errors: { rest: 0, grpc: 0 },
  };
}

/** The same cell under another placement is another group; loopback keeps the key it had before placements. */
/** A placement worth naming: loopback reads as it did before placements existed. */
const namedPlacement = (cell: Pick<CellRef, "placement">) =>
  cell.placement && cell.placement !== "loopback" ? { placement: cell.placement } : {};

/** A stack worth naming: express and grpc-js share a group, as before stacks existed. */
const namedStack = (cell: Pick<CellRef, "stack">) =>
  cell.stack && !DEFAULT_STACKS.includes(cell.stack) ? { stack: cell.stack } : {};

/** A sweep point worth naming: each point of a sweep is another group, whose charts must not run on into the next. */
const namedPoint = (cell: Pick<CellRef, "coords" | "refinement">) => {
  const point = sweepPointLabel(cell.coords, cell.refinement);
  return point ? { point } : {};
};

export const groupKey = (
  cell: Pick<CellRef, "workload" | "cacheMode" | "trial" | "placement" | "stack" | "coords" | "refinement">,
): string =>
  `${cell.workload}|${cell.cacheMode}|${cell.trial}${cell.placement && cell.placement !== "loopback" ? `|${cell.placement}` : ""}${
    namedStack(cell).stack ? `|${cell.stack}` : ""
  }${namedPoint(cell).point ? `|${namedPoint(cell).point}` : ""}`;

function withGroup(groups: readonly LiveGroup[], cell: CellRef): { groups: LiveGroup[]; index: number } {
  const key = groupKey(cell);
  const index = groups.findIndex((g) => g.key === key);
  if (index >= 0) return { groups: groups.slice(), index };
  const group: LiveGroup = {
    key,
    workload: cell.workload,
    cacheMode: cell.cacheMode,
    ...namedPlacement(cell),
    ...namedStack(cell),
    ...namedPoint(cell),
    trial: cell.trial,
    trials: cell.trials,
    series: { rest: emptySeries(), grpc: emptySeries() },
  };
  const next = [...groups, group].slice(-LIVE_LIMITS.groups);
  return { groups: next, index: next.length - 1 };
}

function upsertMessage(messages: readonly LiveMessage[], message: Omit<LiveMessage, "count">, add = 1): LiveMessage[] {
  const index = messages.findIndex((m) => m.key === message.key);
  if (index >= 0) {
    const next = messages.slice();
    const existing = next[index]!;
    next[index] = { ...existing, text: message.text, count: existing.count + add };
    return next;
  }
  return [...messages, { ...message, count: add }].slice(-LIVE_LIMITS.messages);
}

const PROTOCOL_NAME: Record<Protocol, string> = { rest: "REST", grpc: "gRPC" };

type EventOf<T extends StreamEvent["type"]> = Extract<StreamEvent, { type: T }>;

/** Applies one event. `seq` is the SSE id: events at or below the last one seen are replays and are skipped. */
export function reduceLive(state: LiveState, event: StreamEvent, seq?: number): LiveState {
  if (seq !== undefined) {
    if (seq <= state.lastSeq) return state;
    state = { ...state, lastSeq: seq };
  }
  switch (event.type) {
    case "status":
      return {
        ...state,
        status: event.status,
        position: event.position ?? (event.status === "queued" ? state.position : null),
        reason: event.reason ?? state.reason,
      };
    case "phase":
      return {
        ...state,
        status: state.status === "queued" ? "running" : state.status,
        phase: { phase: event.phase, message: event.message },
      };
    case "progress":
      return {
        ...state,
        progress: { fraction: event.fraction, elapsedMs: event.elapsedMs, remainingMs: event.remainingMs },
      };
    case "cell-start":
      return applyCellStart(state, event);
    case "sample":
      return applySample(state, event);
    case "cell-end":
      return applyCellEnd(state, event);
    case "warning":
      return {
        ...state,
        messages: upsertMessage(state.messages, {
          key: `warning|${event.message}`,
          level: "warning",
          text: event.message,
        }),
      };
  }
}

function applyCellStart(state: LiveState, event: EventOf<"cell-start">): LiveState {
  const { groups } = withGroup(state.groups, event.cell);
  return {
    ...state,
    status: "running",
    position: null,
    current: event.cell,
    window: { warmupMs: event.warmupMs, durationMs: event.durationMs },
    groups,
  };
}

function applySample(state: LiveState, event: EventOf<"sample">): LiveState {
  const { groups, index } = withGroup(state.groups, event.cell);
  const group = groups[index]!;
  const protocol = event.cell.protocol;
  groups[index] = {
    ...group,
    series: {
      ...group.series,
      [protocol]: appendSample(group.series[protocol], event, LIVE_LIMITS.pointsPerSeries),
    },
  };
  let messages = state.messages;
  let errors = state.errors;
  if (event.errors > 0) {
    errors = { ...errors, [protocol]: errors[protocol] + event.errors };
    messages = upsertMessage(
      messages,
      {
        key: `errors|${group.key}|${protocol}`,
        level: "error",
        text: `${event.cell.stack && !DEFAULT_STACKS.includes(event.cell.stack) ? event.cell.stack : PROTOCOL_NAME[protocol]} errors in ${event.cell.workload} (${event.cell.cacheMode}, trial ${event.cell.trial}): last at second ${event.second}`,
      },
      event.errors,
    );
  }
  return {
    ...state,
    status: "running",
    current: state.current ?? event.cell,
    groups,
    messages,
    errors,
    samples: state.samples + 1,
  };
}

function applyCellEnd(state: LiveState, event: EventOf<"cell-end">): LiveState {
  const cell = event.cell;
  const end: CellEnd = {
    key: `${groupKey(cell)}|${cell.protocol}`,
    workload: cell.workload,
    cacheMode: cell.cacheMode,
    ...namedPlacement(cell),
    ...namedStack(cell),
    trial: cell.trial,
    protocol: cell.protocol,
    rps: event.rps,
    p50Ms: event.p50Ms,
    p99Ms: event.p99Ms,
    errors: event.errors,
  };
  const cellEnds = [...state.cellEnds.filter((c) => c.key !== end.key), end].slice(-LIVE_LIMITS.cellEnds);
  return { ...state, cellEnds };
}

/** The group the charts show: the one being measured, else the latest. */
export function currentGroup(state: LiveState): LiveGroup | null {
  if (state.current) {
    const key = groupKey(state.current);
    const found = state.groups.find((g) => g.key === key);
    if (found) return found;
  }
  return state.groups.at(-1) ?? null;
}
