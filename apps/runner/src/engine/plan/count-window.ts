// How a window counted in requests is held to its time cap (@relix/core presets/count-window-cap.ts
// says how long and why): the cap of the side, each tool run's share of it, and the fact a side
// stopped by it leaves in the result.
import { countWindowCapMs, type MeasureFact, type RunSpec } from "@relix/core";
import type { LoadRun } from "../measure/load-generator";
import type { ProtocolRunPlan } from "./protocol-run-plan";

/**
 * The cap of one side's count window in one trial: the plan's own (a test's), else the one the
 * run's spec gives. `plan` must carry the run's spec as it is, before a workload's own load is laid
 * over it: the cap is a share of the whole run's time.
 */
export function countCapOf(plan: ProtocolRunPlan): number {
  const capMs = plan.countWindowCapMs ?? countWindowCapMs(plan.spec, plan.workload.id);
  if (capMs === null) throw new Error("a time cap is asked for a window that is not counted in requests");
  return capMs;
}

/**
 * How long one tool run may issue `calls` of the window's requests: their share of the cap, the
 * cap split as the requests are. In an open loop the extra call per in-flight slot that carries its
 * connection's handshake has its own places on the schedule, so their time is added.
 */
export function countRunBoundMs(spec: RunSpec, capMs: number, calls: number): number {
  const handshakesMs = spec.rate === undefined ? 0 : (spec.connections * 1000) / spec.rate;
  return Math.max(1, Math.round((capMs * calls) / spec.requests! + handshakesMs));
}

/** The fact of a side some of whose runs reached their share of the cap: empty when none did. */
export function timeCapFacts(
  tool: string,
  runs: readonly LoadRun[],
  completed: number,
  spec: RunSpec,
  capMs: number,
): MeasureFact[] {
  if (!runs.some((run) => run.stoppedAtTimeCap)) return [];
  return [{ kind: "stopped-at-time-cap", tool, requests: completed, plannedRequests: spec.requests!, capMs }];
}
