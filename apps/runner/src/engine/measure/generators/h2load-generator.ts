/** The h2c stack (the REST API's node:http2 listener), driven by nghttp2's h2load as a child process. */
import { toolPath } from "@relix/io/backends";
import {
  H2LOAD_EXECUTABLE,
  h2loadVersion,
  runH2load,
  type H2loadOptions,
  type H2loadRunResult,
} from "../../../tools/h2load";
import type { RunSpec } from "@relix/core";
import type { LoadGenerator, LoadPlan, LoadRun, ToolContext } from "../load-generator";
import { restRequestsFor } from "../../plan/protocol-requests";
import { remoteHostsOption, restBaseUrl } from "../../launch/targets";
import { cpuTimelineOf } from "../window-cpu";

export const h2loadBin = (context: ToolContext): string => {
  const located = context.tools[H2LOAD_EXECUTABLE.name];
  if (!located) throw new Error("h2load was not looked for at start-up (its generator was not registered)");
  return toolPath(located);
};

/**
 * h2load keeps `-c` connections with `-m` streams each in flight. The plan's in-flight count is
 * kept exactly: spread over as many connections as the spec gives gRPC (both are HTTP/2 clients
 * multiplexing streams), lowered to the largest count that divides it evenly.
 */
export function clientsAndStreams(inFlight: number, connections: number): { clients: number; streams: number } {
  let clients = Math.max(1, Math.min(inFlight, connections));
  while (inFlight % clients !== 0) clients--;
  return { clients, streams: inFlight / clients };
}

/** h2load's only rate (-r) starts connections, not requests (docs/measurement.md): no open loop. */
export function openLoopRefusal(spec: RunSpec): string | null {
  return spec.rate === undefined
    ? null
    : "h2load drives a closed loop only: its -r paces new connections, not requests, so an open loop at a rate cannot be offered";
}

/** h2load's settings for one run: the same requests, in-flight count and timeout as autocannon and ghz. */
export function h2loadOptionsFor(plan: LoadPlan): H2loadOptions {
  const { spec, workload, cacheMode, requests, total } = plan;
  const refusal = openLoopRefusal(spec);
  if (refusal) throw new Error(refusal);
  return {
    // The plan's targets are aimed at the h2c stack: its port is in restPort.
    url: restBaseUrl(plan.targets),
    ...remoteHostsOption(plan.targets),
    requests: restRequestsFor(workload, requests, cacheMode, spec.serverDelayMs),
    ...clientsAndStreams(spec.connections, spec.grpcConnections),
    // Count mode: -n, and the duration is the time cap (h2load is interrupted there: run-h2load.ts).
    ...(total ? { total } : {}),
    durationMs: plan.durationMs,
    timeoutMs: plan.timeoutMs,
    h2loadBin: h2loadBin(plan),
    env: plan.env,
    ...(plan.signal ? { signal: plan.signal } : {}),
  };
}

/** h2load's version for the result's environment; null when it cannot be told. */
export async function h2loadVersionOf(context: ToolContext): Promise<string | null> {
  const located = context.tools[H2LOAD_EXECUTABLE.name];
  return located?.path ? h2loadVersion(located.path, context.env).catch(() => null) : null;
}

export const h2loadGenerator: LoadGenerator = {
  measures: "rest",
  tool: "h2load",
  executable: H2LOAD_EXECUTABLE,
  statsUrl: restBaseUrl,
  cannotRun: openLoopRefusal,
  version: h2loadVersionOf,
  async run(plan) {
    return loadRunOfH2load(await runH2load(h2loadOptionsFor(plan)));
  },
};

/**
 * A one-threaded child tool's run as the engine takes it (h2load -t 1, relix-load on one thread):
 * its CPU judged against one core, as autocannon's. Its loop's busy share is not exposed; its CPU
 * share of that core stands for it.
 */
export function loadRunOfOneThreadTool(
  result: Pick<
    H2loadRunResult,
    | "samples"
    | "connections"
    | "inFlight"
    | "toolCpuCoreFraction"
    | "cpuTimeline"
    | "startedAtMs"
    | "facts"
    | "stoppedAtTimeCap"
  >,
): LoadRun {
  const coreFraction = result.toolCpuCoreFraction ?? 0;
  return {
    samples: result.samples,
    connections: result.connections,
    inFlight: result.inFlight,
    cpu: { threads: "one", coreFraction, eventLoopUtilization: coreFraction },
    ...cpuTimelineOf(result),
    completeUntilMs: Number.POSITIVE_INFINITY,
    facts: result.facts,
    stoppedAtTimeCap: result.stoppedAtTimeCap,
  };
}

/** h2load's run as the engine takes it. */
export const loadRunOfH2load = (result: H2loadRunResult): LoadRun => loadRunOfOneThreadTool(result);
