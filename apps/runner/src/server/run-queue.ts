import { setTimeout as sleep } from "node:timers/promises";
import { parseRunResult, type RunResult, type RunSpec } from "@relix/core";
import {
  RunCancelledError,
  type CellRef,
  type RunBenchmark,
  type RunEvent,
  type RunStatus,
} from "../engine/run-events";
import { headlineOf, type Headline } from "../store/headline";
import {
  INTERRUPTED_QUEUED_REASON,
  INTERRUPTED_RUNNING_REASON,
  type EndStatus,
  type ResultsStore,
} from "../store/results-store";
import { messageOf, type Logger } from "./logger";
import type { RunEventLog, StatusEvent } from "./run-event-log";

export const CANCELLED_REASON = "cancelled by request";

/** What GET /api/runs/:id shows of a run in progress: the latest of each kind of event. */
export interface LiveState {
  phase: string | null;
  message: string | null;
  cell: CellRef | null;
  progress: { fraction: number; elapsedMs: number; remainingMs: number } | null;
  /** Errors reported by the samples so far (the live count; the result has the real one). */
  errors: number;
  warnings: string[];
  cancelRequested: boolean;
}

export type CancelOutcome = "cancelled" | "cancelling" | "not-active";

/** Why a run's AbortController fired: the difference between "cancelled" and "failed". */
class RunAbort extends Error {
  constructor(readonly kind: "cancel" | "shutdown") {
    super(kind === "cancel" ? CANCELLED_REASON : INTERRUPTED_RUNNING_REASON);
    this.name = "RunAbort";
  }
}

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

interface Current {
  id: string;
  spec: RunSpec;
  controller: AbortController;
  live: LiveState;
  /** A terminal status has been recorded (by the run itself, or by shutdown): nothing more is. */
  ended: boolean;
  settled: Promise<void>;
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
 * comparison would measure the contention. The rest wait in order, each told its place whenever it changes. A run's status is
 * written to the store before it is announced, so a page that reloads on a status event reads it.
 */
export class RunQueue {
  private readonly waiting: Waiting[] = [];
  private current: Current | null = null;
  private closed = false;
  private stopping: Promise<void> | null = null;
  private idleWaiters: Array<() => void> = [];
  private readonly engine: RunBenchmark;
  private readonly store: ResultsStore;
  private readonly events: RunEventLog;
  private readonly log: Logger;
  private readonly now: () => number;

  constructor(options: RunQueueOptions) {
    this.engine = options.engine;
    this.store = options.store;
    this.events = options.events;
    this.log = options.log;
    this.now = options.now ?? Date.now;
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
      await this.recordEnd(id, "cancelled", CANCELLED_REASON);
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
    for (const waiting of this.waiting.splice(0)) await this.recordEnd(waiting.id, "failed", INTERRUPTED_QUEUED_REASON);
    const current = this.current;
    if (current === null) return;
    current.controller.abort(new RunAbort("shutdown"));
    const stopped = await Promise.race([current.settled.then(() => true), sleep(graceMs, false, { ref: false })]);
    if (!stopped)
      await this.end(current, "failed", `${INTERRUPTED_RUNNING_REASON} (the engine did not stop within ${graceMs} ms)`);
  }

  private startNext(): void {
    if (this.current !== null || this.closed) return;
    const next = this.waiting.shift();
    if (next === undefined) {
      this.resolveIdleIfIdle();
      return;
    }
    this.publishPositions();
    const current: Current = {
      id: next.id,
      spec: next.spec,
      controller: new AbortController(),
      live: { phase: null, message: null, cell: null, progress: null, errors: 0, warnings: [], cancelRequested: false },
      ended: false,
      settled: Promise.resolve(),
    };
    this.current = current;
    current.settled = this.execute(current)
      .catch((error: unknown) => this.log.error(`run ${current.id} could not be completed`, error))
      .finally(() => {
        this.current = null;
        this.startNext();
      });
  }

  private async execute(current: Current): Promise<void> {
    const { id, spec, controller } = current;
    let started: boolean;
    try {
      started = await this.store.markRunning(id, this.now());
    } catch (error) {
      await this.end(current, "failed", `could not record the start of the run: ${messageOf(error)}`);
      return;
    }
    if (!started) {
      // Ended in the store by someone else meanwhile: nothing to run.
      current.ended = true;
      return;
    }
    if (controller.signal.aborted) {
      await this.endAfterError(current, new RunCancelledError());
      return;
    }
    this.announce(id, "running");

    let result: RunResult;
    try {
      const onEvent = (event: RunEvent) => this.onEngineEvent(current, event);
      // Promise.resolve().then: an engine that throws before returning its promise is a failed run too.
      result = await Promise.resolve().then(() => this.engine(spec, { signal: controller.signal, onEvent }));
    } catch (error) {
      await this.endAfterError(current, error);
      return;
    }
    if (current.ended) return;

    let stored: RunResult;
    try {
      // Validated on write; the engine does not know the run's id, the permalink is this one.
      stored = parseRunResult({ ...result, id });
    } catch (error) {
      await this.end(current, "failed", `the engine returned an invalid result: ${messageOf(error)}`);
      return;
    }
    try {
      await this.store.finishRun(id, stored, this.now());
    } catch (error) {
      await this.end(current, "failed", `the result could not be stored: ${messageOf(error)}`);
      return;
    }
    current.ended = true;
    this.announce(id, "done", { headline: headlineOf(stored) });
  }

  private async endAfterError(current: Current, error: unknown): Promise<void> {
    const abort: unknown = current.controller.signal.aborted ? current.controller.signal.reason : undefined;
    if (abort instanceof RunAbort) {
      await this.end(current, abort.kind === "cancel" ? "cancelled" : "failed", abort.message);
    } else if (error instanceof RunCancelledError) {
      await this.end(current, "cancelled", error.message);
    } else {
      await this.end(current, "failed", messageOf(error) || "the run failed without a message");
    }
  }

  private async end(current: Current, status: EndStatus, reason: string): Promise<void> {
    if (current.ended) return;
    current.ended = true;
    await this.recordEnd(current.id, status, reason);
  }

  private async recordEnd(id: string, status: EndStatus, reason: string): Promise<void> {
    try {
      await this.store.endRun(id, status, reason, this.now());
    } catch (error) {
      // Announced anyway: the store still says queued/running, and the next start marks it failed.
      this.log.error(`could not record run ${id} as ${status}`, error);
    }
    this.announce(id, status, { reason });
  }

  private onEngineEvent(current: Current, event: RunEvent): void {
    if (current.ended) return;
    const live = current.live;
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
        live.warnings = [...live.warnings, event.message].slice(-20);
        break;
      case "cell-end":
        break;
    }
    this.events.append(current.id, event);
  }

  private publishPositions(): void {
    this.waiting.forEach((waiting, index) => {
      if (waiting.position === index + 1) return;
      waiting.position = index + 1;
      this.announce(waiting.id, "queued", { position: index + 1 });
    });
  }

  private announce(
    id: string,
    status: RunStatus,
    extra: Partial<Pick<StatusEvent, "position" | "reason" | "headline">> = {},
  ): void {
    const event: StatusEvent = {
      type: "status",
      status,
      position: extra.position ?? null,
      reason: extra.reason ?? null,
      headline: extra.headline ?? (null as Headline | null),
      at: new Date(this.now()).toISOString(),
    };
    this.events.append(id, event);
  }

  private resolveIdleIfIdle(): void {
    if (this.current !== null || this.waiting.length > 0) return;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }
}
