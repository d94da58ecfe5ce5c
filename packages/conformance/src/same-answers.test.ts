import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cacheModes, defaultWorkloadParams, firstDifference, workloads } from "@relix/core";
import { callRest, createGrpcClients, type GrpcClients } from "@relix/io";
import { databaseUrl, startStack, type Stack } from "./stack";

let stack: Stack;
let grpc: GrpcClients;

beforeAll(async () => {
  stack = await startStack({ MYSQL_URL: databaseUrl("relix_same_answers") });
  grpc = createGrpcClients(stack.grpcTarget);
});
afterAll(async () => {
  grpc?.close();
  await stack?.close();
});

describe("REST and gRPC answer every workload of the catalog with the same data", () => {
  const params = { ...defaultWorkloadParams, payloadBytes: 64 * 1024, keyCount: 3 };
  for (const workload of workloads) {
    const modes = workload.usesCache ? cacheModes : (["warm"] as const);
    for (const cacheMode of modes) {
      it(`${workload.id} (${workload.usesCache ? cacheMode : "no cache"})`, async () => {
        for (const request of workload.requests(params).slice(0, 3)) {
          const ctx = { cacheMode, delayMs: 0 };
          const rest = await callRest(stack.restUrl, workload, request, ctx);
          const viaGrpc = await grpc.call(workload, request, ctx);
          expect(rest.status).toBe(200);
          expect(firstDifference(rest.data, viaGrpc.data)).toBeNull();
          // The answer is the payload itself, checked against its schema (not, say, a class name).
          const messages = workload.streaming ? (rest.data as unknown[]) : [rest.data];
          expect(messages.length).toBeGreaterThan(0);
          for (const message of messages) expect(workload.response.safeParse(message).success).toBe(true);
        }
      });
    }
  }
});

describe("the comparison itself", () => {
  it("notices when one side returns something else", () => {
    expect(firstDifference({ id: 1, name: "a" }, { id: 1, name: "b" })).toContain("$.name");
    expect(firstDifference("Relix.Item", { id: 1 })).not.toBeNull();
    expect(firstDifference([1, 2], [1, 2, 3])).toContain("elements");
  });
});
