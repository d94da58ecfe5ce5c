import type { RunResult } from "@relix/core";
import { headlineOf } from "./headline";
import { ResultFiles } from "./result-files";
import {
  ABANDONED_QUEUED_REASON,
  ABANDONED_RUNNING_REASON,
  RunStateError,
  type EndStatus,
  type InterruptedRuns,
  type NewRun,
  type ResultsStore,
  type RunRecord,
} from "./results-store";
import type { StoredResultSize } from "./result-retention";
import { RunRecordFiles } from "./run-record-files";
import { newRunnerId, RunnerPresence } from "./runner-presence";

export interface FileResultsStoreOptions {
  /** This runner process's id (default: a new one). */
  runnerId?: string;
}

/**
 * The store for a runner without MySQL (the embedded fallback): the results directory is all
 * there is. Each run has a small record file `<id>.run.json` (status, times, reason, owner) written
 * atomically on every change, and a finished run also has `<id>.json`, its result. Records are
 * loaded once at init and kept in memory: there is one runner process per directory.
 */
export class FileResultsStore implements ResultsStore {
  readonly description: string;
  readonly runnerId: string;
  private readonly files: ResultFiles;
  private readonly recordFiles: RunRecordFiles;
  private readonly presence: RunnerPresence;
  private readonly records = new Map<string, RunRecord>();

  constructor(dir?: string, options: FileResultsStoreOptions = {}) {
    this.files = new ResultFiles(dir);
    this.recordFiles = new RunRecordFiles(this.files.dir);
    this.runnerId = options.runnerId ?? newRunnerId();
    this.presence = new RunnerPresence(this.files.dir, this.runnerId);
    this.description = `files only, in ${this.files.dir} (no MySQL)`;
  }

  get dir(): string {
    return this.files.dir;
  }

  async init(): Promise<void> {
    for (const id of await this.recordFiles.ids()) {
      const record = await this.recordFiles.read(id);
      this.records.set(record.id, record);
    }
    await this.presence.register();
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
      owner: this.runnerId,
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

  async restoreRun(record: RunRecord, result: RunResult | null): Promise<void> {
    if (this.records.has(record.id)) throw new RunStateError(`run ${record.id} exists already`);
    if (result !== null) await this.files.write(result);
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

  async listStoredResults(): Promise<StoredResultSize[]> {
    const stored: StoredResultSize[] = [];
    for (const record of this.records.values()) {
      if (record.status !== "done") continue;
      // A result file removed by hand weighs nothing; its record still takes its turn to go.
      const bytes = (await this.files.sizeOf(record.id)) ?? 0;
      stored.push({ id: record.id, importedAt: record.importedAt, finishedAt: finishedAtOf(record), bytes });
    }
    return stored;
  }

  async deleteRuns(ids: readonly string[]): Promise<void> {
    for (const id of ids) {
      const status = this.records.get(id)?.status;
      if (status === undefined || status === "queued" || status === "running") continue;
      // The result before the record: a crash in between leaves a record that the next pass
      // removes, never a result file that no record accounts for.
      await this.files.remove(id);
      await this.recordFiles.remove(id);
      this.records.delete(id);
    }
  }

  /**
   * Without MySQL there is no heartbeat: a run's owner is gone unless its presence file names a
   * process of this host that still exists (runner-presence.ts). One runner per directory is the
   * rule here, so this only spares a second runner started on the same directory by mistake.
   */
  async markInterruptedRuns(finishedAt: number): Promise<InterruptedRuns> {
    const { alive, gone } = await this.presence.survey();
    const ended: InterruptedRuns = { running: [], queued: [] };
    for (const record of [...this.records.values()]) {
      if (record.status !== "running" && record.status !== "queued") continue;
      const owner = record.owner ?? null;
      if (owner === this.runnerId || (owner !== null && alive.has(owner))) continue;
      ended[record.status].push(record.id);
      const reason = record.status === "running" ? ABANDONED_RUNNING_REASON : ABANDONED_QUEUED_REASON;
      await this.save({ ...record, status: "failed", reason, finishedAt });
    }
    await this.presence.forget(gone);
    return ended;
  }

  async close(): Promise<void> {
    await this.presence.unregister();
  }

  private async save(record: RunRecord): Promise<void> {
    await this.recordFiles.write(record);
    this.records.set(record.id, record);
  }
}

function finishedAtOf(record: RunRecord): number {
  return record.finishedAt ?? record.createdAt;
}
