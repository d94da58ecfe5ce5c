/**
 * One side of a comparison script's round: a stack measured on a warm cell of `spec`'s one
 * workload, as the engine measures a protocol in a trial; a side with errors stops the script,
 * since its figures would not be comparable.
 */
import { getWorkload, type ProtocolMeasure, type RunSpec, type StackId } from "@relix/core";
import type { EngineContext } from "../../src/engine/engine-context";
import { measureProtocol, type ProtocolRunPlan } from "../../src/engine/measure/measure-protocol";
import { protocolOf } from "../../src/engine/plan/stack-table";

export async function measureWarmSide(
  stack: StackId,
  spec: RunSpec,
  context: EngineContext,
  label: string,
): Promise<ProtocolMeasure> {
  const workload = getWorkload(spec.workloads[0]!);
  const plan: ProtocolRunPlan = {
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
      index: 1,
      total: 1,
    },
  };
  const m = await measureProtocol(plan, context, () => {});
  if (m.errors.total > 0) throw new Error(`${label} on ${workload.id}: ${m.errors.total} errors`);
  return m;
}
