/**
 * h2load driving express (HTTP/1.1) and grpc-js (h2, framed calls) as the client for both sides
 * did before relix-load replaced it: the reference bench:load-client compares relix-load with. It
 * sends one body for every call, so the script runs it with one key (keyCount 1) on both clients.
 */
import { stackRecord } from "@relix/core/stacks/stacks";
import { H2LOAD_EXECUTABLE, runH2load } from "../../src/tools/h2load";
import { grpcCallRequestFor } from "../../src/engine/plan/grpc-call-requests";
import { restRequestsFor } from "../../src/engine/plan/protocol-requests";
import { grpcTarget, restBaseUrl } from "../../src/engine/launch/targets";
import type { LoadGenerator } from "../../src/engine/measure/load-generator";
import {
  clientsAndStreams,
  h2loadBin,
  h2loadVersionOf,
  loadRunOfH2load,
} from "../../src/engine/measure/generators/h2load-generator";
import { EQUAL_CLIENT_WINDOW_BITS } from "../../src/engine/measure/generators/equal-client-generator";

export const h2loadForBoth: LoadGenerator = {
  measures: "rest",
  stacks: ["express", "grpc-js"],
  tool: "h2load",
  executable: H2LOAD_EXECUTABLE,
  statsUrl: restBaseUrl,
  version: h2loadVersionOf,
  async run(plan) {
    const record = stackRecord(plan.stack);
    const grpc = record.family === "grpc";
    const [first] = plan.requests;
    const call = grpc
      ? grpcCallRequestFor(plan.workload, first, plan.cacheMode, plan.spec.serverDelayMs, plan.timeoutMs)
      : restRequestsFor(plan.workload, [first], plan.cacheMode, plan.spec.serverDelayMs, record.encoding)[0]!;
    const result = await runH2load({
      url: grpc ? `http://${grpcTarget(plan.targets)}` : restBaseUrl(plan.targets),
      requests: [call],
      ...(grpc
        ? {
            ...clientsAndStreams(plan.spec.connections, plan.spec.grpcConnections),
            windowBits: EQUAL_CLIENT_WINDOW_BITS,
          }
        : { clients: plan.spec.connections, streams: 1, http1: true }),
      durationMs: plan.durationMs,
      timeoutMs: plan.timeoutMs,
      h2loadBin: h2loadBin(plan),
      env: plan.env,
    });
    return loadRunOfH2load(result);
  },
};
