/**
 * One side of a comparison script's round: a stack measured on a warm cell of `spec`'s one
 * workload, as the engine measures a protocol in a trial; a side with errors stops the script,
 * since its figures would not be comparable.
 */
import { type ProtocolMeasure, type RunSpec, type StackId } from "@relix/core";
import type { EngineContext } from "../../src/engine/engine-context";
import { measureProtocol } from "../../src/engine/measure/measure-protocol";
import { warmSidePlan } from "../../src/engine/testing/warm-side-plan";

export async function measureWarmSide(
  stack: StackId,
  spec: RunSpec,
  context: EngineContext,
  label: string,
): Promise<ProtocolMeasure> {
  const m = await measureProtocol(warmSidePlan(stack, spec), context, () => {});
  if (m.errors.total > 0) throw new Error(`${label} on ${spec.workloads[0]}: ${m.errors.total} errors`);
  return m;
}
