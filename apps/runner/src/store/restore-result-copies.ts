import { readdir } from "node:fs/promises";
import { headlineOf } from "./headline";
import type { ResultFiles } from "./result-files";
import type { ResultsStore, RunRecord } from "./results-store";
import { isRunId } from "@relix/core/ids/run-id";

/**
 * Puts finished runs back from their portable JSON copies when the database does not have them
 * (`pnpm start` on a machine without MySQL runs a scratch MariaDB that is gone after a restart).
 * Each keeps its own id, so a permalink outlives the database it was first stored in.
 * Returns how many runs were restored; unreadable or foreign files are left alone.
 */
export async function restoreResultCopies(store: ResultsStore, files: ResultFiles): Promise<number> {
  let names: string[];
  try {
    names = await readdir(files.dir);
  } catch {
    return 0;
  }
  let restored = 0;
  for (const name of names) {
    const id = name.replace(/\.json$/, "");
    if (id === name || !isRunId(id) || (await store.getRun(id)) !== null) continue;
    const result = await files.read(id).catch(() => null);
    if (result === null || result.id !== id) continue;
    const createdAt = Date.parse(result.createdAt);
    const finishedAt = Date.parse(result.finishedAt);
    const record: RunRecord = {
      id,
      status: "done",
      preset: result.spec.preset ?? null,
      spec: result.spec,
      createdAt,
      startedAt: createdAt,
      finishedAt: Number.isFinite(finishedAt) ? finishedAt : createdAt,
      reason: null,
      headline: headlineOf(result),
      importedAt: result.importedAt ? Date.parse(result.importedAt) : null,
      importedFrom: null,
    };
    await store.importRun(record, result);
    restored += 1;
  }
  return restored;
}
