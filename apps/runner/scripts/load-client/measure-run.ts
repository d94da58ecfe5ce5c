/**
 * The runs of bench:load-client, each measured as the engine measures a protocol: express and
 * grpc-js under relix-load and under h2load, at a given number of calls in flight, one key; and
 * relix-load alone in an open loop at a rate.
 */
import { runSpecSchema, type ProtocolMeasure, type StackId } from "@relix/core";
import type { EngineContext } from "../../src/engine/engine-context";
import { generatorRegistry } from "../../src/engine/measure/generators/registry";
import { measureWarmSide } from "../lib/measure-warm-side";
import { h2loadForBoth } from "./h2load-both";

export type Client = "relix-load" | "h2load";
export type Run = { stack: StackId; client: Client };
export const RUNS: readonly Run[] = [
  { stack: "express", client: "relix-load" },
  { stack: "express", client: "h2load" },
  { stack: "grpc-js", client: "relix-load" },
  { stack: "grpc-js", client: "h2load" },
];
export const runKey = (run: Run) => `${run.stack}/${run.client}`;
export type Round = Map<string, ProtocolMeasure>;

export interface Window {
  warmupMs: number;
  durationMs: number;
  inFlight: number;
  /** Open loop: calls per second (relix-load only). */
  rate?: number;
}

/** h2load registered for both stacks, so a `tools` run of the pair is driven by it. */
const withH2loadForBoth = (context: EngineContext): EngineContext => ({
  ...context,
  generators: generatorRegistry([h2loadForBoth]),
});

export async function measureRun(
  workloadId: string,
  run: Run,
  window: Window,
  context: EngineContext,
): Promise<ProtocolMeasure> {
  const spec = runSpecSchema.parse({
    workloads: [workloadId],
    cacheModes: ["warm"],
    connections: window.inFlight,
    warmupMs: window.warmupMs,
    durationMs: window.durationMs,
    // h2load sends one body for every call: both clients send the same one key.
    keyCount: 1,
    clients: run.client === "relix-load" ? "equal" : "tools",
    ...(window.rate === undefined ? {} : { rate: window.rate }),
  });
  return measureWarmSide(run.stack, spec, run.client === "h2load" ? withH2loadForBoth(context) : context, runKey(run));
}
