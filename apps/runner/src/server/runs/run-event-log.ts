import { isFinalStatus } from "@relix/core/runner-api/run-status";
import type { StatusEvent, StreamEvent } from "@relix/core/runner-api/run-events";

export type { StatusEvent, StreamEvent };

export interface LoggedEvent {
  /** Sequence number within the run, from 1: the SSE `id`, what Last-Event-ID names. */
  id: number;
  event: StreamEvent;
}

export interface RunEventLogOptions {
  /**
   * Samples kept per run for replay. One sample per second of load, so 2000 is over half an hour
   * of live chart, more than the web page draws (it caps or downsamples its series), while one run
   * stays under a megabyte. A longer run drops its oldest samples from the replay buffer only;
   * the result's own per-second timeline is complete.
   */
  maxSamples?: number;
  /** Other events kept per run (phases, cell starts and ends, warnings); status events are always kept. */
  maxOtherEvents?: number;
  /**
   * Logs of finished runs kept for late reconnects. Older ones are dropped so a long-lived runner
   * does not grow without bound: their SSE stream then carries just the final status, from the store.
   */
  retainFinished?: number;
}

type Listener = (entry: LoggedEvent) => void;

interface Log {
  entries: LoggedEvent[];
  nextId: number;
  samples: number;
  others: number;
  ended: boolean;
  listeners: Set<Listener>;
}

/**
 * Every run's events, numbered, in memory while the runner lives: what SSE streams live and what
 * a client that reconnects with Last-Event-ID gets replayed (each event once, in order). Appending
 * a terminal status ends the log: listeners get that event last.
 */
export class RunEventLog {
  private readonly logs = new Map<string, Log>();
  private readonly finished: string[] = [];
  private readonly maxSamples: number;
  private readonly maxOtherEvents: number;
  private readonly retainFinished: number;

  constructor(options: RunEventLogOptions = {}) {
    this.maxSamples = options.maxSamples ?? 2000;
    this.maxOtherEvents = options.maxOtherEvents ?? 5000;
    this.retainFinished = options.retainFinished ?? 100;
  }

  append(runId: string, event: StreamEvent): LoggedEvent {
    const log = this.logOf(runId);
    if (log.ended) throw new Error(`run ${runId} has ended: no more events`);
    const entry: LoggedEvent = { id: log.nextId++, event };
    this.trim(log, event);
    log.entries.push(entry);
    if (event.type === "status" && isFinalStatus(event.status)) this.end(runId, log);
    for (const listener of [...log.listeners]) listener(entry);
    if (log.ended) log.listeners.clear();
    return entry;
  }

  has(runId: string): boolean {
    return this.logs.has(runId);
  }

  isEnded(runId: string): boolean {
    return this.logs.get(runId)?.ended ?? false;
  }

  /** Events after `lastId` (all when null), oldest first; empty for an unknown run. */
  after(runId: string, lastId: number | null): LoggedEvent[] {
    const entries = this.logs.get(runId)?.entries ?? [];
    return lastId === null ? [...entries] : entries.filter((e) => e.id > lastId);
  }

  /** The last event of the run (its terminal status once it has ended). */
  last(runId: string): LoggedEvent | undefined {
    return this.logs.get(runId)?.entries.at(-1);
  }

  lastId(runId: string): number | null {
    return this.last(runId)?.id ?? null;
  }

  /** Calls `listener` for each new event of a run still in progress; returns the unsubscribe. */
  subscribe(runId: string, listener: Listener): () => void {
    const log = this.logs.get(runId);
    if (log === undefined || log.ended) return () => undefined;
    log.listeners.add(listener);
    return () => log.listeners.delete(listener);
  }

  listenerCount(runId: string): number {
    return this.logs.get(runId)?.listeners.size ?? 0;
  }

  private logOf(runId: string): Log {
    let log = this.logs.get(runId);
    if (log === undefined) {
      log = { entries: [], nextId: 1, samples: 0, others: 0, ended: false, listeners: new Set() };
      this.logs.set(runId, log);
    }
    return log;
  }

  /** Makes room for `incoming`: caps samples and other events, keeps one (the latest) progress. */
  private trim(log: Log, incoming: StreamEvent): void {
    if (incoming.type === "progress") {
      // Only the latest progress matters to a client catching up.
      const previous = log.entries.findIndex((e) => e.event.type === "progress");
      if (previous >= 0) log.entries.splice(previous, 1);
      return;
    }
    if (incoming.type === "status") return;
    if (incoming.type === "sample") {
      if (++log.samples > this.maxSamples && this.dropOldest(log, (t) => t === "sample")) log.samples -= 1;
      return;
    }
    if (
      ++log.others > this.maxOtherEvents &&
      this.dropOldest(log, (t) => t !== "sample" && t !== "status" && t !== "progress")
    ) {
      log.others -= 1;
    }
  }

  private dropOldest(log: Log, matches: (type: StreamEvent["type"]) => boolean): boolean {
    const index = log.entries.findIndex((e) => matches(e.event.type));
    if (index < 0) return false;
    log.entries.splice(index, 1);
    return true;
  }

  private end(runId: string, log: Log): void {
    log.ended = true;
    this.finished.push(runId);
    while (this.finished.length > this.retainFinished) this.logs.delete(this.finished.shift()!);
  }
}
