/** The gRPC stacks (grpc-js, grpc-js-static: the same protocol, another server codec), driven by the ghz CLI as a child process. */
import { ghzCallName } from "@relix/core";
import { PROTO_FILE_OF_SERVICE, PROTO_ROOT, protoFileFor } from "@relix/io";
import { toolPath } from "@relix/io/backends";
import { GHZ_EXECUTABLE, ghzVersion, runGhz, type GhzOptions } from "../../../tools";
import type { LoadGenerator, LoadPlan, ToolContext } from "../load-generator";
import { grpcDataFor } from "../../plan/protocol-requests";
import { grpcStatsUrl, grpcTarget, remoteHostsOption } from "../../launch/targets";
import { cpuTimelineOf } from "../window-cpu";

const ghzBin = (context: ToolContext): string => {
  const located = context.tools[GHZ_EXECUTABLE.name];
  if (!located) throw new Error("ghz was not looked for at start-up (its generator was not registered)");
  return toolPath(located);
};

/** ghz's settings for one run (see autocannonOptionsFor: the same choices on the other side). */
export function ghzOptionsFor(plan: LoadPlan): GhzOptions {
  const { spec, workload, cacheMode, requests, total } = plan;
  return {
    target: grpcTarget(plan.targets),
    ...remoteHostsOption(plan.targets),
    protoFile: protoFileFor(PROTO_FILE_OF_SERVICE[workload.grpc.service]),
    importPaths: [PROTO_ROOT],
    call: ghzCallName(workload),
    data: grpcDataFor(workload, requests),
    metadata: { "x-relix-cache": cacheMode, "x-relix-delay-ms": String(spec.serverDelayMs) },
    concurrency: spec.connections,
    connections: spec.grpcConnections,
    // Count mode: -n, and the duration is the time cap (ghz is interrupted there: run-ghz.ts).
    ...(total ? { total } : {}),
    durationMs: plan.durationMs,
    ...(spec.rate ? { rps: spec.rate } : {}),
    timeoutMs: plan.timeoutMs,
    ghzBin: ghzBin(plan),
    env: plan.env,
    ...(plan.signal ? { signal: plan.signal } : {}),
  };
}

export const ghzGenerator: LoadGenerator = {
  measures: "grpc",
  tool: "ghz",
  executable: GHZ_EXECUTABLE,
  statsUrl: grpcStatsUrl,
  async version(context) {
    const located = context.tools[GHZ_EXECUTABLE.name];
    return located?.path ? ghzVersion(located.path, context.env).catch(() => null) : null;
  },
  async run(plan) {
    const result = await runGhz(ghzOptionsFor(plan));
    return {
      samples: result.samples,
      connections: result.connections,
      inFlight: result.inFlight,
      cpu: { threads: "many", cores: result.toolCpuCores ?? null, machineCores: result.machineCores },
      ...cpuTimelineOf(result),
      completeUntilMs: result.completeUntilMs,
      facts: result.facts,
      stoppedAtTimeCap: result.stoppedAtTimeCap,
    };
  },
};
