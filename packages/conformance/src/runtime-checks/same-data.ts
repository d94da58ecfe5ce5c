import { describe, expect, it } from "vitest";
import {
  cacheModes,
  DEFAULT_PAIR,
  defaultWorkloadParams,
  firstDifference,
  stackRecord,
  workloads,
  type CacheMode,
} from "@relix/core";
import { stackServesWorkload } from "@relix/core/stacks/stack-workloads";
import { callStack } from "../http-stack-client";
import type { RuntimeSuite } from "./suite";

const json = "application/json";

/** Every workload each stack serves, in every cache mode it uses: the same data as grpc-js. */
export function describeSameData(suite: RuntimeSuite): void {
  describe(`${suite.runtime}: every workload each stack serves, the same data as grpc-js`, () => {
    const params = { ...defaultWorkloadParams, payloadBytes: 64 * 1024, keyCount: 2 };
    for (const stack of suite.stacks) {
      for (const workload of workloads.filter((w) => stackServesWorkload(stack, w.id))) {
        const modes: readonly CacheMode[] = workload.usesCache ? cacheModes : ["warm"];
        it(`${stack}: ${workload.id} (${workload.usesCache ? modes.join(", ") : "no cache"})`, async () => {
          for (const cacheMode of modes) {
            for (const request of workload.requests(params).slice(0, 2)) {
              const ctx = { cacheMode, delayMs: 0 };
              const viaGrpcJs = await callStack(suite.all, DEFAULT_PAIR.grpc, workload, request, ctx);
              const answer = await callStack(suite.all, stack, workload, request, ctx);
              expect(answer.status, cacheMode).toBe(200);
              if (stackRecord(stack).family === "rest") {
                expect(answer.contentType, cacheMode).toContain(workload.streaming ? "ndjson" : json);
              }
              expect(firstDifference(answer.data, viaGrpcJs.data), cacheMode).toBeNull();
            }
          }
        });
      }
    }
  });
}
