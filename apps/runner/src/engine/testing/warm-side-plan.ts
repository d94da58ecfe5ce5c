/**
 * For tests and scripts that measure one stack outside a run: the plan of a one-trial warm cell of
 * `spec`'s first workload, as the engine plans a protocol in a trial.
 */
import { getWorkload, type RunSpec, type StackId } from "@relix/core";
import type { ProtocolRunPlan } from "../measure/measure-protocol";
import { protocolOf } from "../plan/stack-table";

export function warmSidePlan(stack: StackId, spec: RunSpec): ProtocolRunPlan {
  const workload = getWorkload(spec.workloads[0]!);
  return {
    stack,
    workload,
    cacheMode: "warm",
    requests: workload.requests(spec),
    spec,
    cell: {
      workload: workload.id,
      cacheMode: "warm",
      trial: 1,
      trials: 1,
      protocol: protocolOf(stack),
      stack,
      index: 1,
      total: 1,
    },
  };
}
