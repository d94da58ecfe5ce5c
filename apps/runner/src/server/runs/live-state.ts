import type { RunEvent } from "@relix/core/runner-api/run-events";
import type { LiveState } from "@relix/core/runner-api/runs";

/** Warnings GET /api/runs/:id shows of a run in progress (the stream and the result have them all). */
const MAX_WARNINGS = 20;

export function newLiveState(): LiveState {
  return { phase: null, message: null, cell: null, progress: null, errors: 0, warnings: [], cancelRequested: false };
}

/** Folds one engine event into what GET /api/runs/:id shows of a run in progress (in place). */
export function updateLiveState(live: LiveState, event: RunEvent): void {
  switch (event.type) {
    case "phase":
      live.phase = event.phase;
      live.message = event.message;
      break;
    case "cell-start":
      live.cell = event.cell;
      break;
    case "progress":
      live.progress = { fraction: event.fraction, elapsedMs: event.elapsedMs, remainingMs: event.remainingMs };
      break;
    case "sample":
      live.errors += event.errors;
      break;
    case "warning":
      live.warnings = [...live.warnings, event.message].slice(-MAX_WARNINGS);
      break;
    case "cell-end":
      break;
  }
}
