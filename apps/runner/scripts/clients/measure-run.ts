/**
 * The four runs of bench:clients, each measured as the engine measures a protocol: express and
 * grpc-js, each under its tool (autocannon, ghz) and under the equal client (relix-load).
 */
import { runSpecSchema, type ProtocolMeasure, type StackId } from "@relix/core";
import type { EngineContext } from "../../src/engine/engine-context";
import { measureWarmSide } from "../lib/measure-warm-side";
import type { ComparisonOptions } from "../lib/script-options";

export type Run = { stack: StackId; clients: "tools" | "equal" };
export const RUNS: readonly Run[] = [
  { stack: "express", clients: "tools" },
  { stack: "express", clients: "equal" },
  { stack: "grpc-js", clients: "tools" },
  { stack: "grpc-js", clients: "equal" },
];
export const runKey = (run: Run) => `${run.stack}/${run.clients}`;

/** One round: each run's measure by its runKey. */
export type Round = Map<string, ProtocolMeasure>;

export async function measureRun(
  workloadId: string,
  run: Run,
  options: ComparisonOptions,
  context: EngineContext,
): Promise<ProtocolMeasure> {
  const spec = runSpecSchema.parse({
    workloads: [workloadId],
    cacheModes: ["warm"],
    connections: options.connections,
    warmupMs: options.warmupMs,
    durationMs: options.durationMs,
    clients: run.clients,
  });
  return measureWarmSide(run.stack, spec, context, runKey(run));
}
