import type { RunResult } from "@relix/core";
import { headlineOf } from "./headline";
import type { ResultsStore, RunRecord } from "./results-store";
import { newRunId } from "@relix/core/ids/run-id";

/**
 * A result measured elsewhere (`pnpm bench --json`, another runner) becomes a run of this runner
 * under a NEW random id: its permalink. The id it had is kept in the run's record
 * (`importedFrom`), not in the document, whose schema has no place for it; the document gets
 * `importedAt`. Its times stay those of the measurement. The document has been checked already
 * (server/result-import/import-check.ts, off the thread that serves requests).
 */
export function prepareImport(original: RunResult, now: number): { record: RunRecord; result: RunResult } {
  const id = newRunId();
  const result: RunResult = { ...original, id, importedAt: new Date(now).toISOString() };
  const createdAt = timeOr(original.createdAt, now);
  const record: RunRecord = {
    id,
    status: "done",
    preset: original.spec.preset ?? null,
    spec: original.spec,
    createdAt,
    startedAt: createdAt,
    finishedAt: timeOr(original.finishedAt, createdAt),
    reason: null,
    headline: headlineOf(result),
    importedAt: now,
    importedFrom: original.id,
  };
  return { record, result };
}

/** Stores a checked result measured elsewhere; returns its new run id. */
export async function importResult(store: ResultsStore, checked: RunResult, now: number = Date.now()): Promise<string> {
  const { record, result } = prepareImport(checked, now);
  await store.importRun(record, result);
  return record.id;
}

function timeOr(iso: string, fallback: number): number {
  const time = Date.parse(iso);
  return Number.isFinite(time) ? time : fallback;
}
