/** The HTTP/1.1 stacks (their records name autocannon), driven by autocannon in the runner's own process. */
import { stacks } from "@relix/core/stacks/stacks";
import { autocannonVersion, runAutocannon, type AutocannonOptions } from "../../../tools";
import type { LoadGenerator, LoadPlan } from "../load-generator";
import { restRequestsFor } from "../../plan/protocol-requests";
import { remoteHostsOption, restBaseUrl } from "../../launch/targets";

/**
 * autocannon's settings for one run: the same in-flight requests as ghz (connections x
 * pipelining 1 = ghz -c), the same key sequence in the same global order, in-flight requests
 * allowed to finish at the end, the same timeout. The pitfall tests run the tool with exactly these.
 */
export function autocannonOptionsFor(plan: LoadPlan): AutocannonOptions {
  const { spec, workload, cacheMode, requests, total } = plan;
  return {
    url: restBaseUrl(plan.targets),
    ...remoteHostsOption(plan.targets),
    // The stack's encoding: JSON bodies, or the gRPC messages as protobuf (a stack with protobuf bodies).
    requests: restRequestsFor(workload, requests, cacheMode, spec.serverDelayMs, stacks[plan.stack].encoding),
    connections: spec.connections,
    pipelining: 1,
    connection: spec.restConnection,
    // Count mode: the duration is the time cap; the run ends after `total` requests if it comes first.
    durationMs: plan.durationMs,
    ...(total ? { amount: total } : {}),
    ...(spec.rate ? { rate: spec.rate } : {}),
    timeoutMs: plan.timeoutMs,
    ...(plan.signal ? { signal: plan.signal } : {}),
  };
}

export const autocannonGenerator: LoadGenerator = {
  measures: "rest",
  tool: "autocannon",
  statsUrl: restBaseUrl,
  version: async () => autocannonVersion(),
  async run(plan) {
    const result = await runAutocannon(autocannonOptionsFor(plan));
    return {
      samples: result.samples,
      connections: result.connections,
      inFlight: result.inFlight,
      cpu: {
        threads: "one",
        coreFraction: result.toolCpuCoreFraction,
        eventLoopUtilization: result.eventLoopUtilization,
      },
      completeUntilMs: Number.POSITIVE_INFINITY,
      facts: result.facts,
      stoppedAtTimeCap: result.stoppedAtTimeCap,
    };
  },
};
