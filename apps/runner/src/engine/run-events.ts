import type { RunResult, RunSpec } from "@relix/core";
import type { RunEvent } from "@relix/core/runner-api/run-events";

// The events and statuses are part of the runner's API, defined once (with the schemas the web
// validates them by) in @relix/core; engine code keeps importing them from here.
export type { CellRef, RunEvent, RunPhase, RunStatus } from "@relix/core/runner-api/run-events";

export interface RunOptions {
  signal?: AbortSignal;
  onEvent?: (event: RunEvent) => void;
  /** The id the result will carry (the runner service assigns it when the run is queued). */
  runId?: string;
  /**
   * Services a long-lived caller keeps running across runs; without it the engine uses or starts
   * them itself and stops what it started. Services handed in are not the run's to restart, so
   * its trials share their one launch (the result's `launches` says so).
   */
  services?: import("./launch/service-manager").ManagedServices;
}

/** Thrown when a run is stopped by its AbortSignal; the service marks the run "cancelled". */
export class RunCancelledError extends Error {
  constructor() {
    super("run cancelled");
    this.name = "RunCancelledError";
  }
}

/** The engine's one entry point, shared by the CLI and the HTTP service. */
export type RunBenchmark = (spec: RunSpec, options?: RunOptions) => Promise<RunResult>;
