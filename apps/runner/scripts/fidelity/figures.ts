// What one run of either side of `pnpm bench:fidelity` yields, and the plan both sides share.
import { runSpecSchema, type Protocol } from "@relix/core";
import { singleRunPlan, type ProtocolRunPlan } from "../../src/engine/measure/measure-protocol";
import type { ComparisonOptions } from "../lib/script-options";

export interface Figures {
  p50Ms: number;
  meanMs: number;
  rps: number;
  /** Relix REST only: its histogram with wrk's coordinated-omission correction applied (lib/wrk-correction). */
  asWrk?: { p50Ms: number; meanMs: number };
  /** Anything that makes the figures suspect (errors, non-2xx). */
  problems: string[];
}

/** One workload on one protocol, warm cache, at the script's connections, warm-up and window. */
export function planFor(workloadId: string, protocol: Protocol, options: ComparisonOptions): ProtocolRunPlan {
  const spec = runSpecSchema.parse({
    workloads: [workloadId],
    connections: options.connections,
    warmupMs: options.warmupMs,
    durationMs: options.durationMs,
  });
  return singleRunPlan(workloadId, protocol, spec);
}
