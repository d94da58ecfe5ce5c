import type { RunResult } from "@relix/core";
import type { StoredResultSize } from "./result-retention";
import type { EndStatus, InterruptedRuns, NewRun, ResultsStore, RunRecord } from "./results-store";

/**
 * A store that passes every call on to another: the base of the stores that add something around
 * a primary (the JSON copies, retention), each overriding only the calls it adds to.
 */
export abstract class ForwardingResultsStore implements ResultsStore {
  abstract readonly description: string;

  constructor(protected readonly primary: ResultsStore) {}

  get runnerId(): string {
    return this.primary.runnerId;
  }

  init(): Promise<void> {
    return this.primary.init();
  }

  createRun(run: NewRun): Promise<void> {
    return this.primary.createRun(run);
  }

  markRunning(id: string, startedAt: number): Promise<boolean> {
    return this.primary.markRunning(id, startedAt);
  }

  finishRun(id: string, result: RunResult, finishedAt: number): Promise<void> {
    return this.primary.finishRun(id, result, finishedAt);
  }

  endRun(id: string, status: EndStatus, reason: string, finishedAt: number): Promise<boolean> {
    return this.primary.endRun(id, status, reason, finishedAt);
  }

  importRun(record: RunRecord, result: RunResult): Promise<void> {
    return this.primary.importRun(record, result);
  }

  restoreRun(record: RunRecord, result: RunResult | null): Promise<void> {
    return this.primary.restoreRun(record, result);
  }

  getRun(id: string): Promise<RunRecord | null> {
    return this.primary.getRun(id);
  }

  getResult(id: string): Promise<RunResult | null> {
    return this.primary.getResult(id);
  }

  listRuns(limit: number): Promise<RunRecord[]> {
    return this.primary.listRuns(limit);
  }

  listStoredResults(): Promise<StoredResultSize[]> {
    return this.primary.listStoredResults();
  }

  deleteRuns(ids: readonly string[]): Promise<void> {
    return this.primary.deleteRuns(ids);
  }

  markInterruptedRuns(finishedAt: number): Promise<InterruptedRuns> {
    return this.primary.markInterruptedRuns(finishedAt);
  }

  close(): Promise<void> {
    return this.primary.close();
  }
}
