// What the measure stage asks of the run's launches, apart from how they are made
// (trial-launches.ts): placement cells depend on this alone, not on the launch stage's code.
import type { PlacementName, RunSpec, StackId, SweepCoords } from "@relix/core";
import type { StackPair } from "@relix/core/stacks/stack-pair";
import type { PlannedCell } from "../plan/run-plan";

/** The cells a launch is readied for, at the knobs they are measured at (a sweep point's). */
export interface LaunchCells {
  spec: RunSpec;
  stacks: readonly StackId[];
  pair: StackPair;
  cells: readonly PlannedCell[];
  requestsByWorkload: ReadonlyMap<string, unknown[]>;
}

/** The cells a trial measures, and where (for the event that says why the services restart). */
export interface TrialCells extends LaunchCells {
  placement: PlacementName;
  coords?: SweepCoords;
}

export interface TrialLaunches {
  /**
   * True when each trial runs on a launch of its own; false when the run measures services it did
   * not start (the operator's, or a caller's kept across runs): every trial then shares launch 1.
   */
  readonly perTrial: boolean;
  /** The launch trial `trial` of these cells runs on: the current one if it is unused or serves that trial, else a new one. */
  launchFor(trial: number, cells: TrialCells): Promise<number>;
  /** A placement was refused: its launches will not be made, so "launch n of N" still ends at N. */
  placementRefused(): void;
}
