/**
 * For tests of error counting: one equal-client window of item.get against `stack`, every call of
 * which the server refuses (a server delay past the servers' bound, MAX_DELAY_MS, which every
 * stack answers as a bad request: 400 over HTTP, INVALID_ARGUMENT over gRPC).
 */
import { runSpecSchema, type ProtocolMeasure, type RunSpec, type StackId } from "@relix/core";
import type { EngineContext } from "../engine-context";
import { measureProtocol } from "../measure/measure-protocol";
import { warmSidePlan } from "./warm-side-plan";

export async function measureRefusedCalls(
  stack: StackId,
  pair: readonly [StackId, StackId],
  window: { warmupMs: number; durationMs: number; trials: number; connections: number },
  context: EngineContext,
): Promise<ProtocolMeasure> {
  const parsed = runSpecSchema.parse({ workloads: ["item.get"], stacks: [...pair], clients: "equal", ...window });
  const spec: RunSpec = { ...parsed, serverDelayMs: 5_000 };
  return measureProtocol(warmSidePlan(stack, spec), context, () => {});
}
