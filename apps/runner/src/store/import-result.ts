import { RESULT_SCHEMA_ID, runResultSchema, type RunResult } from "@relix/core";
import type { z } from "zod";
import { headlineOf } from "./headline";
import type { ResultsStore, RunRecord } from "./results-store";
import { newRunId } from "@relix/core/ids/run-id";

/** The document is not a relix.result/v1 result; `issues` says every place where it is wrong. */
export class InvalidResultError extends Error {
  constructor(readonly issues: readonly z.core.$ZodIssue[]) {
    super(`not a valid ${RESULT_SCHEMA_ID} document (${issues.length} problem${issues.length === 1 ? "" : "s"})`);
    this.name = "InvalidResultError";
  }
}

/**
 * A result measured elsewhere (`pnpm bench --json`, another runner) becomes a run of this runner
 * under a NEW random id: its permalink. The id it had is kept in the run's record
 * (`importedFrom`), not in the document, whose schema has no place for it; the document gets
 * `importedAt`. Its times stay those of the measurement.
 */
export function prepareImport(input: unknown, now: number): { record: RunRecord; result: RunResult } {
  const parsed = runResultSchema.safeParse(input);
  if (!parsed.success) throw new InvalidResultError(parsed.error.issues);
  const original = parsed.data;
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

/** Validates and stores an imported result; returns its new run id. */
export async function importResult(store: ResultsStore, input: unknown, now: number = Date.now()): Promise<string> {
  const { record, result } = prepareImport(input, now);
  await store.importRun(record, result);
  return record.id;
}

function timeOr(iso: string, fallback: number): number {
  const time = Date.parse(iso);
  return Number.isFinite(time) ? time : fallback;
}
