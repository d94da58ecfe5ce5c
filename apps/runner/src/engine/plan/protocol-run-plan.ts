import type { CacheMode, RunSpec, StackId, Workload } from "@relix/core";
import type { CellRef } from "../run-events";
import type { ServiceTargets } from "../launch/targets";

/** One stack's run of one workload in one trial: what measure-protocol.ts and the slices are given. */
export interface ProtocolRunPlan {
  /** The stack measured, of `cell.protocol`'s family; absent: that protocol's default stack. */
  stack?: StackId;
  workload: Workload;
  cacheMode: CacheMode;
  requests: unknown[];
  spec: RunSpec;
  cell: CellRef;
  /**
   * Where the load generator sends its load when it is not the services themselves (a placement's
   * proxies); the runner's own /stats polling always goes direct, to the engine context's targets.
   */
  loadTargets?: ServiceTargets;
  /**
   * Count mode: how long this side's window may last in one trial, the same for every side;
   * absent: the cap the run's spec gives (@relix/core presets/count-window-cap.ts). Tests set it.
   */
  countWindowCapMs?: number;
  signal?: AbortSignal;
}
