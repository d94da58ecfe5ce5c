import { setTimeout as sleep } from "node:timers/promises";
import { isDatabaseUnavailableForNow } from "@relix/io/repository/database-errors";
import { FileResultsStore } from "./file-results-store";
import { MysqlResultsStore } from "./mysql-results-store";
import { ResultFiles } from "./result-files";
import type { ResultsStore } from "./results-store";
import { restoreResultCopies } from "./restore-result-copies";
import { withResultFiles, type ResultFilesCopyOptions } from "./with-result-files";

export interface OpenResultsStoreOptions extends ResultFilesCopyOptions {
  /** MySQL to keep runs in; absent = the file-only fallback. */
  mysqlUrl?: string;
  resultsDir?: string;
  /**
   * How long to keep trying a MySQL that does not answer yet (docker compose starts the runner
   * and the database together) before giving up.
   */
  connectTimeoutMs?: number;
}

/**
 * The runner's store, initialised: MySQL plus a JSON copy of each result when MYSQL_URL is set,
 * else the results directory alone. A MYSQL_URL that never answers is an error, not a silent
 * fallback: whoever set it expects runs to be there.
 */
export async function openResultsStore(options: OpenResultsStoreOptions): Promise<ResultsStore> {
  const files = new ResultFiles(options.resultsDir);
  if (options.mysqlUrl === undefined || options.mysqlUrl === "") {
    const store = new FileResultsStore(files.dir);
    await store.init();
    return store;
  }
  const store = withResultFiles(new MysqlResultsStore(options.mysqlUrl), files, options);
  const deadline = Date.now() + (options.connectTimeoutMs ?? 30_000);
  for (let attempt = 1; ; attempt += 1) {
    try {
      await store.init();
      await restoreResultCopies(store, files);
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
