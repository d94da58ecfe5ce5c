/**
 * Which launch each trial runs on, over placements and sweep points, without servers: a stand-in
 * launched run that counts its restarts. (trial-launches.services.test.ts restarts real ones.)
 */
import { describe, expect, it } from "vitest";
import { runSpecSchema, type LaunchedProcess, type PlacementName, type SweepCoords } from "@relix/core";
import { DEFAULT_PAIR } from "@relix/core/stacks/stacks";
import type { EngineContext } from "../engine-context";
import type { RunEvent } from "../run-events";
import type { LaunchedRun } from "./launch-run";
import { trialLaunches } from "./trial-launches";

/** A launched run whose every relaunch gives the two Node processes new pids. */
function standInRun(relaunchable: boolean) {
  let nextPid = 100;
  const launch = (): LaunchedProcess[] =>
    (["node-rest", "node-grpc"] as const).map((name) => ({
      name,
      pid: nextPid++,
      startedAt: new Date().toISOString(),
    }));
  let processes = launch();
  const run = {
    relaunchable,
    processes: () => processes,
    relaunch: async () => {
      processes = launch();
    },
  };
  return run as unknown as LaunchedRun;
}

/** No cells: readying a launch then checks and primes nothing. */
const cellsAt = (placement: PlacementName, coords?: SweepCoords) => ({
  spec: runSpecSchema.parse({ workloads: ["noop"] }),
  stacks: [DEFAULT_PAIR.rest, DEFAULT_PAIR.grpc],
  pair: DEFAULT_PAIR,
  cells: [],
  requestsByWorkload: new Map(),
  placement,
  ...(coords ? { coords } : {}),
});

function launchesOf(relaunchable: boolean, plan: { trials: number; placements: number; sweepPoints: number }) {
  const said: string[] = [];
  const onEvent = (event: RunEvent) => {
    if (event.type === "phase" && event.message.startsWith("launch")) said.push(event.message);
  };
  const context = { targets: {} } as unknown as EngineContext;
  return { launches: trialLaunches(standInRun(relaunchable), { context, plan, onEvent }), said };
}

describe("the launches a run's trials run on", () => {
  it("give trial t of each placement a launch of its own, the first the run's, each said as it starts", async () => {
    const { launches, said } = launchesOf(true, { trials: 2, placements: 2, sweepPoints: 1 });
    const used: number[] = [];
    for (const placement of ["loopback", "same-zone"] as const) {
      for (const trial of [1, 2]) used.push(await launches.launchFor(trial, cellsAt(placement)));
    }
    expect(used).toEqual([1, 2, 3, 4]);
    expect(said).toEqual([
      "launch 2 of 4: restarting the services for trial 2",
      "launch 3 of 4: restarting the services for trial 1 (same-zone)",
      "launch 4 of 4: restarting the services for trial 2 (same-zone)",
    ]);
    const records = launches.records();
    expect(records.map((r) => r.fresh)).toEqual([true, true, true, true]);
    expect(new Set(records.flatMap((r) => r.processes.map((p) => p.pid))).size).toBe(8);
  });

  it("restart at each sweep point of a run of several trials, and count without a refused placement", async () => {
    const { launches, said } = launchesOf(true, { trials: 2, placements: 2, sweepPoints: 2 });
    launches.placementRefused();
    const used: number[] = [];
    for (const records of [10, 100]) {
      for (const trial of [1, 2]) used.push(await launches.launchFor(trial, cellsAt("loopback", { records })));
    }
    expect(used).toEqual([1, 2, 3, 4]);
    expect(said.at(-1)).toBe("launch 4 of 4: restarting the services for trial 2 (records=100)");
  });

  it("share one launch when there is one trial, whatever the placements and points", async () => {
    const { launches, said } = launchesOf(true, { trials: 1, placements: 3, sweepPoints: 4 });
    for (const placement of ["loopback", "same-zone", "mobile"] as const) {
      expect(await launches.launchFor(1, cellsAt(placement))).toBe(1);
    }
    expect(said).toEqual([]);
    expect(launches.records()).toHaveLength(1);
  });

  it("share the one launch of services the run did not start, and record it as not fresh", async () => {
    const { launches, said } = launchesOf(false, { trials: 3, placements: 1, sweepPoints: 1 });
    for (const trial of [1, 2, 3]) expect(await launches.launchFor(trial, cellsAt("loopback"))).toBe(1);
    expect(launches.perTrial).toBe(false);
    expect(said).toEqual([]);
    expect(launches.records()).toEqual([{ launch: 1, fresh: false, processes: expect.any(Array) }]);
  });
});
