import type { RunResult, RunSpec } from "@relix/core";
import type { RunSummary, SubmittedRun, RunDetail } from "@relix/core/runner-api/runs";
import type { RunBenchmark } from "../../engine/run-events";
import { importResult } from "../../store/import-result";
import type { ResultsStore, RunRecord } from "../../store/results-store";
import { newRunId } from "@relix/core/ids/run-id";
import { ImportChecker } from "../result-import/import-check";
import { messageOf, silentLogger, type Logger } from "../logger";
import { RunEventLog } from "./run-event-log";
import { QueueClosedError, RunQueue, type CancelOutcome } from "./run-queue";
import { runDetail, runSummary } from "./run-view";

export interface RunServiceOptions {
  store: ResultsStore;
  engine: RunBenchmark;
  events?: RunEventLog;
  log?: Logger;
  now?: () => number;
  /** Runs allowed to wait at once; more are refused (one client must not fill the runner for days). */
  maxQueued?: number;
  /** Checks imported documents off the event loop; default: one worker thread, started at the first import. */
  importChecker?: ImportChecker;
}

export class QueueFullError extends Error {
  constructor(readonly limit: number) {
    super(`the queue is full (${limit} runs waiting): try again when some have finished`);
    this.name = "QueueFullError";
  }
}

/**
 * What the HTTP routes call: runs (submit, read, list, cancel), results and imports. The store is
 * the truth about a run; the queue and the event log add what only the live process knows
 * (position, progress, events).
 */
export class RunService {
  readonly events: RunEventLog;
  readonly queue: RunQueue;
  private readonly store: ResultsStore;
  private readonly now: () => number;
  private readonly maxQueued: number;
  private readonly importChecker: ImportChecker;
  /** Runs accepted but not in the queue yet (their record is being written). */
  private admitting = 0;

  constructor(options: RunServiceOptions) {
    this.store = options.store;
    this.events = options.events ?? new RunEventLog();
    this.now = options.now ?? Date.now;
    this.maxQueued = options.maxQueued ?? 50;
    this.importChecker = options.importChecker ?? new ImportChecker();
    this.queue = new RunQueue({
      engine: options.engine,
      store: options.store,
      events: this.events,
      log: options.log ?? silentLogger,
      now: this.now,
    });
  }

  async submit(spec: RunSpec, preset: string | null): Promise<SubmittedRun> {
    if (this.queue.isClosed) throw new QueueClosedError();
    // Checked and counted in one synchronous step, before the first await: requests arriving in
    // parallel each see the places the others took, so no more than maxQueued ever wait.
    if (this.queue.length + this.admitting >= this.maxQueued) throw new QueueFullError(this.maxQueued);
    this.admitting += 1;
    const id = newRunId();
    try {
      await this.store.createRun({ id, preset, spec, createdAt: this.now() });
    } finally {
      // Handed over to the queue below in the same synchronous step: the place stays counted.
      this.admitting -= 1;
    }
    try {
      return { id, status: "queued", position: this.queue.enqueue(id, spec) };
    } catch (error) {
      // Closed while the row was being written: the run must not stay "queued" forever.
      await this.store.endRun(id, "failed", messageOf(error), this.now()).catch(() => undefined);
      throw error;
    }
  }

  getRecord(id: string): Promise<RunRecord | null> {
    return this.store.getRun(id);
  }

  async get(id: string): Promise<RunDetail | null> {
    const record = await this.store.getRun(id);
    if (record === null) return null;
    const result = record.status === "done" ? await this.store.getResult(id) : null;
    return runDetail(record, {
      position: this.queue.positionOf(id),
      live: this.queue.liveOf(id),
      lastEventId: this.events.lastId(id),
      result,
    });
  }

  async list(limit: number): Promise<RunSummary[]> {
    const records = await this.store.listRuns(limit);
    return records.map((record) => runSummary(record, this.queue.positionOf(record.id)));
  }

  /** The run's result; 'not-finished' for a run without one yet (or ever); null for an unknown id. */
  async result(id: string): Promise<RunResult | "not-finished" | null> {
    const record = await this.store.getRun(id);
    if (record === null) return null;
    if (record.status !== "done") return "not-finished";
    return (await this.store.getResult(id)) ?? "not-finished";
  }

  cancel(id: string): Promise<CancelOutcome> {
    return this.queue.cancel(id);
  }

  /** Checks and stores a result measured elsewhere, the JSON body as it came; returns its new run id. */
  async import(body: Uint8Array): Promise<string> {
    const result = await this.importChecker.check(body);
    return importResult(this.store, result, this.now());
  }

  async shutdown(graceMs: number): Promise<void> {
    await this.queue.shutdown(graceMs);
    await this.importChecker.close();
  }
}
