// Which launch of the servers each trial runs on. Launches are the replicate (Kalibera and Jones:
// a process launch carries its own JIT state, heap and core placement), so trial t of every cell
// runs on a launch that serves trial t alone: the run's first launch serves trial 1, and every
// other trial number gets a launch started for it (relaunch.ts), readied as the first was
// (ready-run.ts). Cells are measured trial-major (placement-cells.ts), so a run of T trials makes
// T launches per placement; a sweep makes T per point (its points are measured one after the
// other, each point's trials in turn), and a run of one trial makes one launch in all.
import type { LaunchRecord } from "@relix/core";
import type { EngineContext } from "../engine-context";
import type { LaunchedRun } from "./launch-run";
import { readyLaunch, type ReadyOptions } from "./ready-run";
import type { TrialCells, TrialLaunches } from "./trial-launch-contract";

/** The run's launches, as measuring asks for them, and their records for the result. */
export interface RunLaunches extends TrialLaunches {
  /** Every launch so far, for the result. */
  records(): LaunchRecord[];
}

export interface TrialLaunchOptions extends ReadyOptions {
  context: EngineContext;
  /** What the plan measures, for how many launches it makes (the "of N" of each launch's event). */
  plan: { trials: number; placements: number; sweepPoints: number };
}

export function trialLaunches(launched: LaunchedRun, options: TrialLaunchOptions): RunLaunches {
  const perTrial = launched.relaunchable;
  const records: LaunchRecord[] = [{ launch: 1, fresh: perTrial, processes: launched.processes() }];
  // The trial the current launch serves; null while it has served none.
  let serving: number | null = null;
  const { trials, placements, sweepPoints } = options.plan;
  // Trials share one launch when there is one trial; otherwise each placement and sweep point
  // makes one per trial (the first of them the run's own). A sweep's refinement points add more.
  const perPlacement = trials < 2 ? 0 : trials * sweepPoints;
  let planned = Math.max(1, perPlacement * placements);
  const { onEvent, signal } = options;
  return {
    perTrial,
    async launchFor(trial, cells) {
      const current = records.at(-1)!.launch;
      if (!perTrial || serving === null || serving === trial) {
        serving = trial;
        return current;
      }
      const launch = current + 1;
      const log = (message: string) => onEvent({ type: "phase", phase: "services", message });
      log(
        `launch ${launch}${launch <= planned ? ` of ${planned}` : ""}: restarting the services${forTrial(trial, cells)}`,
      );
      await launched.relaunch({ ...(signal ? { signal } : {}), log });
      records.push({ launch, fresh: true, processes: launched.processes() });
      serving = trial;
      await readyLaunch(cells, options.context, options);
      return launch;
    },
    placementRefused() {
      planned = Math.max(records.length, planned - perPlacement);
    },
    records: () => records.map((record) => ({ ...record, processes: [...record.processes] })),
  };
}

/** " for trial 2 (same-zone, records=100)": the trial, and where it is measured when the run has more than loopback. */
function forTrial(trial: number, { placement, coords }: TrialCells): string {
  const where = [
    ...(placement === "loopback" ? [] : [placement]),
    ...Object.entries(coords ?? {}).map(([knob, value]) => `${knob}=${value}`),
  ];
  return ` for trial ${trial}${where.length > 0 ? ` (${where.join(", ")})` : ""}`;
}
