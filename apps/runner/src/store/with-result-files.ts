import type { RunResult } from "@relix/core";
import { ResultFiles } from "./result-files";
import { ForwardingResultsStore } from "./forwarding-results-store";
import type { EndStatus, InterruptedRuns, NewRun, ResultsStore, RunRecord } from "./results-store";
import { RunRecordFiles } from "./run-record-files";

export interface ResultFilesCopyOptions {
  /** Told when a copy could not be written; the run itself still counts (the primary has it). */
  onCopyError?: (error: unknown, runId: string) => void;
}

/**
 * The primary store (MySQL: the index and the source of truth) plus, in a results directory, a
 * portable JSON copy of each finished or imported result and a copy of every run's record
 * (`<id>.run.json`, rewritten on each status change). Reads always come from the primary.
 *
 * The copies are written after the primary commits. The result copy is also written when the
 * primary fails to store a finished result: then the measurement is not lost, and the error (which
 * fails the run) says where the copy is. The record copies bring every run back, whatever its
 * status, when the database is replaced (`pnpm start`'s scratch MariaDB is new on every start).
 * A run restored from these copies is passed on without copying it again: it is already here.
 */
export class ResultsStoreWithFiles extends ForwardingResultsStore {
  readonly description: string;
  private readonly records: RunRecordFiles;

  constructor(
    primary: ResultsStore,
    private readonly files: ResultFiles,
    private readonly options: ResultFilesCopyOptions = {},
  ) {
    super(primary);
    this.records = new RunRecordFiles(files.dir);
    this.description = `${primary.description}, with a JSON copy of each run and result in ${files.dir}`;
  }

  async createRun(run: NewRun): Promise<void> {
    await this.primary.createRun(run);
    await this.copyRecord(run.id);
  }

  async markRunning(id: string, startedAt: number): Promise<boolean> {
    const started = await this.primary.markRunning(id, startedAt);
    if (started) await this.copyRecord(id);
    return started;
  }

  async finishRun(id: string, result: RunResult, finishedAt: number): Promise<void> {
    try {
      await this.primary.finishRun(id, result, finishedAt);
    } catch (error) {
      const copy = await this.copy(result);
      if (copy === null) throw error;
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(`${message} (a copy of the result was written to ${copy})`, { cause: error });
    }
    // The result before the record that says "done": a record copy never points at a missing result.
    await this.copy(result);
    await this.copyRecord(id);
  }

  async endRun(id: string, status: EndStatus, reason: string, finishedAt: number): Promise<boolean> {
    const ended = await this.primary.endRun(id, status, reason, finishedAt);
    if (ended) await this.copyRecord(id);
    return ended;
  }

  async importRun(record: RunRecord, result: RunResult): Promise<void> {
    await this.primary.importRun(record, result);
    await this.copy(result);
    await this.copyRecord(record.id);
  }

  /** Restored from the copies in this directory: they are already there. */
  restoreRun(record: RunRecord, result: RunResult | null): Promise<void> {
    return this.primary.restoreRun(record, result);
  }

  /** Removes the runs from the primary, then their copies here: else the next start would restore them. */
  async deleteRuns(ids: readonly string[]): Promise<void> {
    await this.primary.deleteRuns(ids);
    for (const id of ids) {
      if ((await this.primary.getRun(id)) !== null) continue; // still queued or running: kept
      await this.files.remove(id);
      await this.records.remove(id);
    }
  }

  async markInterruptedRuns(finishedAt: number): Promise<InterruptedRuns> {
    const ended = await this.primary.markInterruptedRuns(finishedAt);
    for (const id of [...ended.running, ...ended.queued]) await this.copyRecord(id);
    return ended;
  }

  /** Copies the run's record as the primary now has it; a failure is reported through onCopyError. */
  private async copyRecord(id: string): Promise<void> {
    try {
      const record = await this.primary.getRun(id);
      if (record !== null) await this.records.write(record);
    } catch (error) {
      this.options.onCopyError?.(error, id);
    }
  }

  /** The file written, or null when it could not be (reported through onCopyError). */
  private async copy(result: RunResult): Promise<string | null> {
    try {
      return await this.files.write(result);
    } catch (error) {
      this.options.onCopyError?.(error, result.id);
      return null;
    }
  }
}

export function withResultFiles(
  primary: ResultsStore,
  files: ResultFiles,
  options?: ResultFilesCopyOptions,
): ResultsStore {
  return new ResultsStoreWithFiles(primary, files, options);
}
