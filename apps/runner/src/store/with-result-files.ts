import type { RunResult } from "@relix/core";
import { ResultFiles } from "./result-files";
import type { EndStatus, InterruptedRuns, NewRun, ResultsStore, RunRecord } from "./results-store";

export interface ResultFilesCopyOptions {
  /** Told when a copy could not be written; the run itself still counts (the primary has it). */
  onCopyError?: (error: unknown, runId: string) => void;
}

/**
 * The primary store (MySQL: the index and the source of truth) plus a portable JSON copy of each
 * finished or imported result in a results directory. Reads always come from the primary.
 *
 * The copy is written after the primary commits, and also when the primary fails to store a
 * finished result: then the measurement is not lost, and the error (which fails the run) says where
 * the copy is.
 */
export class ResultsStoreWithFiles implements ResultsStore {
  readonly description: string;

  constructor(
    private readonly primary: ResultsStore,
    private readonly files: ResultFiles,
    private readonly options: ResultFilesCopyOptions = {},
  ) {
    this.description = `${primary.description}, with a JSON copy of each result in ${files.dir}`;
  }

  init(): Promise<void> {
    return this.primary.init();
  }

  createRun(run: NewRun): Promise<void> {
    return this.primary.createRun(run);
  }

  markRunning(id: string, startedAt: number): Promise<boolean> {
    return this.primary.markRunning(id, startedAt);
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
    await this.copy(result);
  }

  endRun(id: string, status: EndStatus, reason: string, finishedAt: number): Promise<boolean> {
    return this.primary.endRun(id, status, reason, finishedAt);
  }

  async importRun(record: RunRecord, result: RunResult): Promise<void> {
    await this.primary.importRun(record, result);
    await this.copy(result);
  }

  getRun(id: string): Promise<RunRecord | null> {
    return this.primary.getRun(id);
  }

  getResult(id: string): Promise<RunResult | null> {
    return this.primary.getResult(id);
  }

  listRuns(limit: number): Promise<RunRecord[]> {
    return this.primary.listRuns(limit);
  }

  markInterruptedRuns(finishedAt: number): Promise<InterruptedRuns> {
    return this.primary.markInterruptedRuns(finishedAt);
  }

  close(): Promise<void> {
    return this.primary.close();
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
