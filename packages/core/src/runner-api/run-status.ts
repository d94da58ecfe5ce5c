// A run's life as the runner reports it, in plain values (no schema library): a browser component
// names statuses and event types from here without carrying the validators in its bundle.

/** Where a run is. A run is never left "running" after its process dies. */
export const runStatuses = ["queued", "running", "done", "failed", "cancelled"] as const;
export type RunStatus = (typeof runStatuses)[number];

/** The statuses a run never leaves: its SSE stream ends after one of these. */
export const finalStatuses = ["done", "failed", "cancelled"] as const satisfies readonly RunStatus[];
export type FinalStatus = (typeof finalStatuses)[number];

export const isFinalStatus = (status: RunStatus): status is FinalStatus =>
  (finalStatuses as readonly RunStatus[]).includes(status);

/** The engine's stages, in order, as `phase` events name them. */
export const runPhases = ["backends", "services", "preflight", "measuring", "aggregating"] as const;
export type RunPhase = (typeof runPhases)[number];

/** The `event:` names of GET /api/runs/:id/events: the engine's events and the service's `status`. */
export const streamEventTypes = ["phase", "cell-start", "cell-end", "sample", "progress", "warning", "status"] as const;
export type StreamEventType = (typeof streamEventTypes)[number];
