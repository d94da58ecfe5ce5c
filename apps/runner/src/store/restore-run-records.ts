import type { ResultFiles } from "./result-files";
import { ResultTooLargeError, type ResultsStore } from "./results-store";
import type { RunRecordFiles } from "./run-record-files";

/**
 * Puts back every run whose record file the store does not have (`pnpm start` on a machine without
 * MySQL runs a scratch MariaDB that is gone after a restart): queued, running, cancelled, failed or
 * done, with its own id, times, reason and owner. A run that was queued or running comes back as it
 * was left, and the start-up sweep (markInterruptedRuns) then fails it, saying why.
 * A 'done' record is restored only with its result beside it. Returns how many runs came back;
 * files that cannot be read, or a result too large for the database, are left where they are.
 */
export async function restoreRunRecords(
  store: ResultsStore,
  records: RunRecordFiles,
  files: ResultFiles,
): Promise<number> {
  let restored = 0;
  for (const id of await records.ids()) {
    if ((await store.getRun(id)) !== null) continue;
    const record = await records.read(id).catch(() => null);
    if (record === null) continue;
    const result = record.status === "done" ? await files.read(id).catch(() => null) : null;
    if (record.status === "done" && result?.id !== id) continue;
    try {
      await store.restoreRun(record, result);
    } catch (error) {
      if (error instanceof ResultTooLargeError) continue;
      throw error;
    }
    restored += 1;
  }
  return restored;
}
