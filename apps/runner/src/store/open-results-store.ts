import { setTimeout as sleep } from "node:timers/promises";
import { isDatabaseUnavailableForNow } from "@relix/io/repository/database-errors";
import { FileResultsStore } from "./file-results-store";
import { MysqlResultsStore } from "./mysql-results-store";
import { ResultFiles } from "./result-files";
import type { ResultsStore } from "./results-store";
import { restoreResultCopies } from "./restore-result-copies";
import { restoreRunRecords } from "./restore-run-records";
import { RunRecordFiles } from "./run-record-files";
import { newRunnerId, RunnerPresence } from "./runner-presence";
import { NO_RETENTION_LIMITS, type RetentionLimits } from "./result-retention";
import { withResultFiles, type ResultFilesCopyOptions } from "./with-result-files";
import { withRetention, type RetentionReports } from "./with-retention";

export interface OpenResultsStoreOptions extends ResultFilesCopyOptions, RetentionReports {
  /** MySQL to keep runs in; absent = the file-only fallback. */
  mysqlUrl?: string;
  resultsDir?: string;
  /**
   * How long to keep trying a MySQL that does not answer yet (docker compose starts the runner
   * and the database together) before giving up.
   */
  connectTimeoutMs?: number;
  /** This runner process's id, the owner of the runs it accepts (default: a new one). */
  runnerId?: string;
  /** How many results to keep (RUNNER_RESULTS_MAX_COUNT / _BYTES); default: all of them. */
  retention?: RetentionLimits;
}

/**
 * The runner's store, initialised: MySQL plus a JSON copy of each run and result when MYSQL_URL is
 * set, else the results directory alone. A MYSQL_URL that never answers is an error, not a silent
 * fallback: whoever set it expects runs to be there.
 */
export async function openResultsStore(options: OpenResultsStoreOptions): Promise<ResultsStore> {
  const files = new ResultFiles(options.resultsDir);
  const runnerId = options.runnerId ?? newRunnerId();
  const retention = options.retention ?? NO_RETENTION_LIMITS;
  if (options.mysqlUrl === undefined || options.mysqlUrl === "") {
    const store = withRetention(new FileResultsStore(files.dir, { runnerId }), retention, options);
    await store.init();
    // Limits lowered since the last start take effect now, not at the next result.
    await store.enforce();
    return store;
  }
  const presence = new RunnerPresence(files.dir, runnerId);
  const store = withRetention(
    withResultFiles(new MysqlResultsStore(options.mysqlUrl, { runnerId, presence }), files, options),
    retention,
    options,
  );
  const deadline = Date.now() + (options.connectTimeoutMs ?? 30_000);
  for (let attempt = 1; ; attempt += 1) {
    try {
      await store.init();
      // Records first: they hold what a result alone cannot (the preset, an import's origin, and
      // every run that has no result). Then results older than record copies.
      await restoreRunRecords(store, new RunRecordFiles(files.dir), files);
      await restoreResultCopies(store, files);
      // Restored runs and limits lowered since the last start are weighed now.
      await store.enforce();
      return store;
    } catch (error) {
      if (Date.now() >= deadline || !isDatabaseUnavailableForNow(error)) {
        await store.close().catch(() => undefined);
        throw new Error(`could not open the results store (${store.description}): ${(error as Error).message}`, {
          cause: error,
        });
      }
      await sleep(Math.min(2000, 200 * attempt));
    }
  }
}
