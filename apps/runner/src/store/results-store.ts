import type { RunResult, RunSpec } from "@relix/core";
import type { RunStatus } from "../engine/run-events";
import type { Headline } from "./headline";
import type { StoredResultSize } from "./result-retention";

/** A run as the store keeps it: its life (status, times, reason) and a one-line outcome. */
export interface RunRecord {
  id: string;
  status: RunStatus;
  /** The preset it was started from, if any. */
  preset: string | null;
  spec: RunSpec;
  /** Epoch milliseconds. For an imported run: when it was measured (the result's createdAt). */
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  /** Why it failed or was cancelled; null otherwise. */
  reason: string | null;
  /** The first cell's p50 comparison, for lists; null until done. */
  headline: Headline | null;
  /** Set on imported results: when they arrived, and the id they had where they were measured. */
  importedAt: number | null;
  importedFrom: string | null;
  /**
   * The runner process that accepted the run (its random id, see runner-presence.ts): only that
   * process may move it on, and another runner fails it only once this one is provably gone.
   * Absent or null for imported runs and for runs stored before runs had owners.
   */
  owner?: string | null;
}

export type NewRun = Pick<RunRecord, "id" | "preset" | "spec" | "createdAt">;

/** A run that ends without a result. */
export type EndStatus = Extract<RunStatus, "failed" | "cancelled">;

/** The ids of the runs markInterruptedRuns failed, by the status they were left in. */
export interface InterruptedRuns {
  /** Runs that were running when their runner stopped. */
  running: string[];
  /** Runs that were waiting in their runner's queue when it stopped. */
  queued: string[];
}

/** Reasons recorded when the runner is stopped (SIGINT/SIGTERM) while runs are waiting or running. */
export const INTERRUPTED_RUNNING_REASON = "runner stopped while the run was in progress";
export const INTERRUPTED_QUEUED_REASON = "runner stopped before the run started; start it again";

/** Reasons recorded by markInterruptedRuns, for the runs of a runner that died; the web page shows them as they are. */
export const ABANDONED_RUNNING_REASON = "the runner stopped while this run was running (it was not shut down cleanly)";
export const ABANDONED_QUEUED_REASON =
  "the runner stopped before this run started (it was not shut down cleanly); start it again";

/**
 * Where runs and their results live. One implementation per backend: MySQL (the index and the
 * source of truth) and a results directory (the fallback when there is no MySQL). The service
 * writes a copy of every run's record and a portable JSON copy of every finished result next to
 * MySQL with `withResultFiles`.
 *
 * Every state change is a method, not a generic update, so each backend can make it atomic and
 * refuse impossible transitions (a finished run never changes again).
 */
export interface ResultsStore {
  /** What the service logs at start-up, e.g. "mysql (…) + files in /x/.relix/runs". */
  readonly description: string;
  /** This runner process's id: the owner of every run it creates. */
  readonly runnerId: string;
  /** Creates tables / directories and announces this runner as alive. Safe to call on every start. */
  init(): Promise<void>;
  /** Records a new run as 'queued', owned by this runner. */
  createRun(run: NewRun): Promise<void>;
  /** queued -> running. Returns false when the run is no longer queued (cancelled meanwhile). */
  markRunning(id: string, startedAt: number): Promise<boolean>;
  /**
   * running -> done, with its result, atomically: either both the result and the status are
   * stored or neither is. The result's id must be the run's id.
   */
  finishRun(id: string, result: RunResult, finishedAt: number): Promise<void>;
  /** queued|running -> failed|cancelled with a reason. Returns false if the run had already ended. */
  endRun(id: string, status: EndStatus, reason: string, finishedAt: number): Promise<boolean>;
  /** Stores a result measured elsewhere as a new 'done' run (result.id is the new run's id). */
  importRun(record: RunRecord, result: RunResult): Promise<void>;
  /**
   * Puts back a run this store lost (a database replaced since: `pnpm start`'s scratch MariaDB)
   * from its record file, as it was, owner included; `result` for a 'done' run, else null.
   */
  restoreRun(record: RunRecord, result: RunResult | null): Promise<void>;
  getRun(id: string): Promise<RunRecord | null>;
  /** The result of a 'done' run; null for any other run or an unknown id. */
  getResult(id: string): Promise<RunResult | null>;
  /** Newest first. */
  listRuns(limit: number): Promise<RunRecord[]>;
  /** Every run with a stored result ('done'), with its document's size: what retention weighs. */
  listStoredResults(): Promise<StoredResultSize[]>;
  /**
   * Removes finished runs with their results (retention); ids of runs still queued or running, or
   * unknown, are left alone.
   */
  deleteRuns(ids: readonly string[]): Promise<void>;
  /**
   * Fails (with a reason) every run still queued or running whose owner is provably gone, so that
   * none stays "running" forever; runs of live runners, this one included, are left alone. Each
   * backend says what "provably gone" means for it. Called at start-up, then now and then.
   */
  markInterruptedRuns(finishedAt: number): Promise<InterruptedRuns>;
  /** Stops announcing this runner as alive (a clean stop) and releases connections. */
  close(): Promise<void>;
}

/** A result would not fit where it is stored (MySQL's max_allowed_packet). */
export class ResultTooLargeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ResultTooLargeError";
  }
}

/** A state change that the run's current status does not allow (e.g. finishing a cancelled run). */
export class RunStateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RunStateError";
  }
}
