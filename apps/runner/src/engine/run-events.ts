import type { Protocol, RunResult } from "@relix/core";

/** Where a run is in its life. A run is never left "running" after its process dies. */
export type RunStatus = "queued" | "running" | "done" | "failed" | "cancelled";

export type RunPhase = "backends" | "services" | "preflight" | "measuring" | "aggregating";

/** Identifies one measured cell: a workload, in one cache mode, one trial, one protocol. */
export interface CellRef {
  workload: string;
  cacheMode: "warm" | "cold" | "miss" | "none";
  trial: number;
  trials: number;
  protocol: Protocol;
  /** 1-based position of this protocol run among all of the run's protocol runs. */
  index: number;
  total: number;
}

/**
 * What the engine reports while it works. The CLI draws its progress bar from these; the
 * runner service stores them and streams them over SSE to the web page.
 */
export type RunEvent =
  | { type: "phase"; phase: RunPhase; message: string }
  | { type: "cell-start"; cell: CellRef; warmupMs: number; durationMs: number }
  | { type: "cell-end"; cell: CellRef; rps: number; p50Ms: number; p99Ms: number; errors: number }
  /**
   * One second of live load, for both protocols from the same source: the server's own
   * instrumentation (requests completed, errors, server-time p50/p99 in that second).
   */
  | {
      type: "sample";
      cell: CellRef;
      second: number;
      requests: number;
      errors: number;
      p50Ms: number;
      p99Ms: number;
      warmup: boolean;
    }
  | { type: "progress"; fraction: number; elapsedMs: number; remainingMs: number }
  | { type: "warning"; message: string };

export interface RunOptions {
  signal?: AbortSignal;
  onEvent?: (event: RunEvent) => void;
  /** The id the result will carry (the runner service assigns it when the run is queued). */
  runId?: string;
  /**
   * Services a long-lived caller (the runner service) keeps running across runs; without it
   * the engine uses or starts them itself and stops what it started.
   */
  services?: import("./service-manager").ManagedServices;
}

/** Thrown when a run is stopped by its AbortSignal; the service marks the run "cancelled". */
export class RunCancelledError extends Error {
  constructor() {
    super("run cancelled");
    this.name = "RunCancelledError";
  }
}

/** The engine's one entry point, shared by the CLI and the HTTP service. */
export type RunBenchmark = (spec: import("@relix/core").RunSpec, options?: RunOptions) => Promise<RunResult>;
