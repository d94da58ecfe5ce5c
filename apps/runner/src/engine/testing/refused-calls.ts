/**
 * For tests of error counting: one equal-client window of item.get against `stack`, every call of
 * which the server refuses (a server delay past the servers' bound, MAX_DELAY_MS, which every
 * stack answers as a bad request: 400 over HTTP, INVALID_ARGUMENT over gRPC).
 */
import { getWorkload, runSpecSchema, type ProtocolMeasure, type RunSpec, type StackId } from "@relix/core";
import type { EngineContext } from "../engine-context";
import { measureProtocol } from "../measure/measure-protocol";
import { protocolOf } from "../plan/stack-table";

export async function measureRefusedCalls(
  stack: StackId,
  pair: readonly [StackId, StackId],
  window: { warmupMs: number; durationMs: number; trials: number; connections: number },
  context: EngineContext,
): Promise<ProtocolMeasure> {
  const workload = getWorkload("item.get");
  const parsed = runSpecSchema.parse({ workloads: [workload.id], stacks: [...pair], clients: "equal", ...window });
  const spec: RunSpec = { ...parsed, serverDelayMs: 5_000 };
  const protocol = protocolOf(stack);
  return measureProtocol(
    {
      stack,
      workload,
      cacheMode: "warm",
      requests: workload.requests(spec),
      spec,
      cell: { workload: workload.id, cacheMode: "warm", trial: 1, trials: 1, protocol, stack, index: 1, total: 1 },
    },
    context,
    () => {},
  );
}
