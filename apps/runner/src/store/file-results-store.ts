import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import type { RunResult, RunSpec } from "@relix/core";
import { runStatusSchema } from "@relix/core/runner-api/run-events";
import { writeFileAtomic } from "./atomic-write";
import { headlineOf, headlineSchema } from "./headline";
import { ResultFiles } from "./result-files";
import {
  INTERRUPTED_QUEUED_REASON,
  INTERRUPTED_RUNNING_REASON,
  RunStateError,
  type EndStatus,
  type InterruptedRuns,
  type NewRun,
  type ResultsStore,
  type RunRecord,
} from "./results-store";
import { isRunId } from "@relix/core/ids/run-id";

const RECORD_SUFFIX = ".run.json";

// Our own files, but read from disk: checked before they are trusted. The spec was validated when
// the run was created; it is not re-validated so that tightening a bound later does not hide old runs.
const storedRecordSchema = z.object({
  id: z.string(),
  status: runStatusSchema,
  preset: z.string().nullable(),
  spec: z.record(z.string(), z.unknown()),
  createdAt: z.number(),
  startedAt: z.number().nullable(),
  finishedAt: z.number().nullable(),
  reason: z.string().nullable(),
  headline: headlineSchema.nullable(),
  importedAt: z.number().nullable(),
  importedFrom: z.string().nullable(),
});

/**
 * The store for a runner without MySQL (the embedded fallback): the results directory is all
 * there is. Each run has a small record file `<id>.run.json` (status, times, reason) written
 * atomically on every change, and a finished run also has `<id>.json`, its result. Records are
 * loaded once at init and kept in memory: there is one runner process per directory.
 */
export class FileResultsStore implements ResultsStore {
  readonly description: string;
  private readonly files: ResultFiles;
  private readonly records = new Map<string, RunRecord>();

  constructor(dir?: string) {
    this.files = new ResultFiles(dir);
    this.description = `files only, in ${this.files.dir} (no MySQL)`;
  }

  get dir(): string {
    return this.files.dir;
  }

  async init(): Promise<void> {
    let names: string[];
    try {
      names = await readdir(this.files.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      names = [];
    }
    for (const name of names) {
      if (!name.endsWith(RECORD_SUFFIX) || !isRunId(name.slice(0, -RECORD_SUFFIX.length))) continue;
      const text = await readFile(path.join(this.files.dir, name), "utf8");
      const parsed = storedRecordSchema.safeParse(JSON.parse(text));
      if (!parsed.success) throw new Error(`${name} in ${this.files.dir} is not a run record: ${parsed.error.message}`);
      const record = { ...parsed.data, spec: parsed.data.spec as RunSpec };
      this.records.set(record.id, record);
    }
  }

  async createRun(run: NewRun): Promise<void> {
    if (this.records.has(run.id)) throw new RunStateError(`run ${run.id} exists already`);
    await this.save({
      ...run,
      status: "queued",
      startedAt: null,
      finishedAt: null,
      reason: null,
      headline: null,
      importedAt: null,
      importedFrom: null,
    });
  }

  async markRunning(id: string, startedAt: number): Promise<boolean> {
    const record = this.records.get(id);
    if (record?.status !== "queued") return false;
    await this.save({ ...record, status: "running", startedAt });
    return true;
  }

  async finishRun(id: string, result: RunResult, finishedAt: number): Promise<void> {
    const record = this.records.get(id);
    if (result.id !== id) throw new RunStateError(`result id ${result.id} is not run ${id}`);
    if (record?.status !== "running")
      throw new RunStateError(`run ${id} is ${record?.status ?? "unknown"}, not running`);
    // The result first: a record that says "done" always has its result beside it.
    await this.files.write(result);
    await this.save({ ...record, status: "done", finishedAt, reason: null, headline: headlineOf(result) });
  }

  async endRun(id: string, status: EndStatus, reason: string, finishedAt: number): Promise<boolean> {
    const record = this.records.get(id);
    if (record === undefined || (record.status !== "queued" && record.status !== "running")) return false;
    await this.save({ ...record, status, reason, finishedAt });
    return true;
  }

  async importRun(record: RunRecord, result: RunResult): Promise<void> {
    if (this.records.has(record.id)) throw new RunStateError(`run ${record.id} exists already`);
    await this.files.write(result);
    await this.save(record);
  }

  async getRun(id: string): Promise<RunRecord | null> {
    return this.records.get(id) ?? null;
  }

  async getResult(id: string): Promise<RunResult | null> {
    if (this.records.get(id)?.status !== "done") return null;
    return this.files.read(id);
  }

  async listRuns(limit: number): Promise<RunRecord[]> {
    return [...this.records.values()].sort((a, b) => b.createdAt - a.createdAt).slice(0, limit);
  }

  async markInterruptedRuns(finishedAt: number): Promise<InterruptedRuns> {
    const counts: InterruptedRuns = { running: 0, queued: 0 };
    for (const record of [...this.records.values()]) {
      if (record.status !== "running" && record.status !== "queued") continue;
      counts[record.status] += 1;
      const reason = record.status === "running" ? INTERRUPTED_RUNNING_REASON : INTERRUPTED_QUEUED_REASON;
      await this.save({ ...record, status: "failed", reason, finishedAt });
    }
    return counts;
  }

  async close(): Promise<void> {}

  private async save(record: RunRecord): Promise<void> {
    if (!isRunId(record.id)) throw new Error(`not a run id: ${JSON.stringify(record.id)}`);
    await writeFileAtomic(
      path.join(this.files.dir, `${record.id}${RECORD_SUFFIX}`),
      `${JSON.stringify(record, null, 2)}\n`,
    );
    this.records.set(record.id, record);
  }
}
