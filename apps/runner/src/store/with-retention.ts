import type { RunResult } from "@relix/core";
import { formatBytes, formatInt } from "@relix/core/render/format";
import { resultsToRemove, type RetentionLimits } from "./result-retention";
import { ForwardingResultsStore } from "./forwarding-results-store";
import type { ResultsStore, RunRecord } from "./results-store";

export interface RetentionReports {
  /** Told which runs were removed to stay within the limits. */
  onRemoved?: (ids: readonly string[]) => void;
  /** Told when old runs could not be removed; the result just stored still counts. */
  onRetentionError?: (error: unknown) => void;
}

/**
 * A store that keeps its results within RetentionLimits: after each result it stores (a finished
 * run, an import) it removes the oldest imports, then the oldest runs measured here, until the
 * rest fit (result-retention.ts). Without limits it only passes every call on. Runs restored at
 * start-up are weighed once they are all back (openResultsStore calls enforce), not one by one.
 */
export class RetainingResultsStore extends ForwardingResultsStore {
  readonly description: string;
  /** The pass in progress: passes run one after another, never two deciding on the same list. */
  private pass: Promise<unknown> = Promise.resolve();

  constructor(
    primary: ResultsStore,
    private readonly limits: RetentionLimits,
    private readonly reports: RetentionReports = {},
  ) {
    super(primary);
    const kept = [
      limits.maxCount === null ? null : `${formatInt(limits.maxCount)} results`,
      limits.maxBytes === null ? null : `${formatBytes(limits.maxBytes)} of results`,
    ].filter((limit) => limit !== null);
    this.description =
      kept.length === 0 ? primary.description : `${primary.description}, keeping at most ${kept.join(" and ")}`;
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

  async finishRun(id: string, result: RunResult, finishedAt: number): Promise<void> {
    await this.primary.finishRun(id, result, finishedAt);
    await this.enforce(id);
  }

  async importRun(record: RunRecord, result: RunResult): Promise<void> {
    await this.primary.importRun(record, result);
    await this.enforce(record.id);
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
