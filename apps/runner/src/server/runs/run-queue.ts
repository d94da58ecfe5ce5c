import { setTimeout as sleep } from "node:timers/promises";
import type { RunSpec } from "@relix/core";
import type { LiveState } from "@relix/core/runner-api/runs";
import type { RunBenchmark } from "../../engine/run-events";
import { INTERRUPTED_QUEUED_REASON, INTERRUPTED_RUNNING_REASON, type ResultsStore } from "../../store/results-store";
import { newLiveState } from "./live-state";
import type { Logger } from "../logger";
import type { RunEventLog } from "./run-event-log";
import { CANCELLED_REASON, endRun, executeRun, RunAbort, type ActiveRun } from "./run-execution";
import { RunStatusRecorder } from "./run-status-recorder";

export type CancelOutcome = "cancelled" | "cancelling" | "not-active";

export class QueueClosedError extends Error {
  constructor() {
    super("the runner is shutting down: no new runs");
    this.name = "QueueClosedError";
  }
}

interface Waiting {
  id: string;
  spec: RunSpec;
  /** The position last announced in a status event. */
  position: number;
}

export interface RunQueueOptions {
  engine: RunBenchmark;
  store: ResultsStore;
  events: RunEventLog;
  log: Logger;
  now?: () => number;
}

/**
 * One run at a time: the two protocols must never share the machine with another run, or the
 * comparison would measure the contention. The rest wait in order, each told its place whenever
 * it changes. What one run goes through is run-execution.ts; how its status is stored, then
 * announced, is run-status-recorder.ts.
 */
export class RunQueue {
  private readonly waiting: Waiting[] = [];
  private current: ActiveRun | null = null;
  private closed = false;
  private stopping: Promise<void> | null = null;
  private idleWaiters: Array<() => void> = [];
  private readonly status: RunStatusRecorder;
  private readonly log: Logger;
  private readonly execution: Parameters<typeof executeRun>[1];

  constructor(options: RunQueueOptions) {
    const now = options.now ?? Date.now;
    this.log = options.log;
    this.status = new RunStatusRecorder(options.store, options.events, options.log, now);
    this.execution = { engine: options.engine, store: options.store, events: options.events, status: this.status, now };
  }

  /** Runs waiting, not counting the one running. */
  get length(): number {
    return this.waiting.length;
  }

  /** No more runs are taken (the runner is shutting down). */
  get isClosed(): boolean {
    return this.closed;
  }

  get runningId(): string | null {
    return this.current?.id ?? null;
  }

  /** Adds a run (already recorded as queued in the store); returns its position (1 = next). */
  enqueue(id: string, spec: RunSpec): number {
    if (this.closed) throw new QueueClosedError();
    const position = this.waiting.push({ id, spec, position: 0 });
    this.publishPositions();
    this.startNext();
    return position;
  }

  /** 1 = next to start; 0 = being started right now; null = not waiting. */
  positionOf(id: string): number | null {
    const index = this.waiting.findIndex((w) => w.id === id);
    if (index >= 0) return index + 1;
    return this.current?.id === id ? 0 : null;
  }

  liveOf(id: string): LiveState | null {
    return this.current?.id === id ? this.current.live : null;
  }

  async cancel(id: string): Promise<CancelOutcome> {
    const index = this.waiting.findIndex((w) => w.id === id);
    if (index >= 0) {
      this.waiting.splice(index, 1);
      await this.status.recordEnd(id, "cancelled", CANCELLED_REASON);
      this.publishPositions();
      this.resolveIdleIfIdle();
      return "cancelled";
    }
    const current = this.current;
    if (current?.id === id && !current.ended) {
      current.live.cancelRequested = true;
      current.controller.abort(new RunAbort("cancel"));
      return "cancelling";
    }
    return "not-active";
  }

  /** Resolves when nothing runs and nothing waits. */
  idle(): Promise<void> {
    if (this.current === null && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * Stops taking runs, fails the waiting ones, aborts the running one and waits up to `graceMs`
   * for the engine to stop; a run still going then is recorded as failed anyway.
   */
  shutdown(graceMs: number): Promise<void> {
    this.stopping ??= this.stop(graceMs);
    return this.stopping;
  }

  private async stop(graceMs: number): Promise<void> {
    this.closed = true;
    for (const waiting of this.waiting.splice(0)) {
      await this.status.recordEnd(waiting.id, "failed", INTERRUPTED_QUEUED_REASON);
    }
    const current = this.current;
    if (current === null) return;
    current.controller.abort(new RunAbort("shutdown"));
    const stopped = await Promise.race([current.settled.then(() => true), sleep(graceMs, false, { ref: false })]);
    if (!stopped) {
      const reason = `${INTERRUPTED_RUNNING_REASON} (the engine did not stop within ${graceMs} ms)`;
      await endRun(current, this.status, "failed", reason);
    }
  }

  private startNext(): void {
    if (this.current !== null || this.closed) return;
    const next = this.waiting.shift();
    if (next === undefined) {
      this.resolveIdleIfIdle();
      return;
    }
    this.publishPositions();
    const current: ActiveRun = {
      id: next.id,
      spec: next.spec,
      controller: new AbortController(),
      live: newLiveState(),
      ended: false,
      settled: Promise.resolve(),
    };
    this.current = current;
    current.settled = executeRun(current, this.execution)
      .catch((error: unknown) => this.log.error(`run ${current.id} could not be completed`, error))
      .finally(() => {
        this.current = null;
        this.startNext();
      });
  }

  private publishPositions(): void {
    this.waiting.forEach((waiting, index) => {
      if (waiting.position === index + 1) return;
      waiting.position = index + 1;
      this.status.announce(waiting.id, "queued", { position: index + 1 });
    });
  }

  private resolveIdleIfIdle(): void {
    if (this.current !== null || this.waiting.length > 0) return;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }
}
