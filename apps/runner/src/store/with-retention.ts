import type { RunResult } from "@relix/core";
import { formatBytes, formatInt } from "@relix/core/render/format";
import { resultsToRemove, type RetentionLimits, type StoredResultSize } from "./result-retention";
import type { EndStatus, InterruptedRuns, NewRun, ResultsStore, RunRecord } from "./results-store";

export interface RetentionReports {
  /** Told which runs were removed to stay within the limits. */
  onRemoved?: (ids: readonly string[]) => void;
  /** Told when old runs could not be removed; the result just stored still counts. */
  onRetentionError?: (error: unknown) => void;
}

/**
 * A store that keeps its results within RetentionLimits: after each result it stores (a finished
 * run, an import) it removes the oldest imports, then the oldest runs measured here, until the
 * rest fit (result-retention.ts). Without limits it only passes every call on.
 */
export class RetainingResultsStore implements ResultsStore {
  readonly description: string;
  /** The pass in progress: passes run one after another, never two deciding on the same list. */
  private pass: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly primary: ResultsStore,
    private readonly limits: RetentionLimits,
    private readonly reports: RetentionReports = {},
  ) {
    const kept = [
      limits.maxCount === null ? null : `${formatInt(limits.maxCount)} results`,
      limits.maxBytes === null ? null : `${formatBytes(limits.maxBytes)} of results`,
    ].filter((limit) => limit !== null);
    this.description =
      kept.length === 0 ? primary.description : `${primary.description}, keeping at most ${kept.join(" and ")}`;
  }

  get runnerId(): string {
    return this.primary.runnerId;
  }

  /**
   * Removes what passes the limits now, except `keep`; returns the ids removed. Never throws: a
   * failure is reported and the next pass tries again.
   */
  enforce(keep?: string): Promise<readonly string[]> {
    const pass = this.pass.then(() => this.removeOldest(keep));
    this.pass = pass;
    return pass;
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

  async finishRun(id: string, result: RunResult, finishedAt: number): Promise<void> {
    await this.primary.finishRun(id, result, finishedAt);
    await this.enforce(id);
  }

  endRun(id: string, status: EndStatus, reason: string, finishedAt: number): Promise<boolean> {
    return this.primary.endRun(id, status, reason, finishedAt);
  }

  async importRun(record: RunRecord, result: RunResult): Promise<void> {
    await this.primary.importRun(record, result);
    await this.enforce(record.id);
  }

  /** Start-up restores are weighed once they are all back (openResultsStore calls enforce). */
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

  private async removeOldest(keep: string | undefined): Promise<readonly string[]> {
    if (this.limits.maxCount === null && this.limits.maxBytes === null) return [];
    try {
      const ids = resultsToRemove(
        await this.primary.listStoredResults(),
        this.limits,
        new Set(keep === undefined ? [] : [keep]),
      );
      if (ids.length === 0) return [];
      await this.primary.deleteRuns(ids);
      this.reports.onRemoved?.(ids);
      return ids;
    } catch (error) {
      this.reports.onRetentionError?.(error);
      return [];
    }
  }
}

export function withRetention(
  primary: ResultsStore,
  limits: RetentionLimits,
  reports?: RetentionReports,
): RetainingResultsStore {
  return new RetainingResultsStore(primary, limits, reports);
}
