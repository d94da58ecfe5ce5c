import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cacheModes, defaultWorkloadParams, firstDifference, workloads } from "@relix/core";
import { createGrpcClients, type GrpcClients } from "@relix/io";
import { callStack, httpStackIds, stackRequest } from "./http-stack-client";
import { databaseUrl, startStack, type Stack } from "./stack";

let stack: Stack;
let grpc: GrpcClients;

beforeAll(async () => {
  stack = await startStack({ MYSQL_URL: databaseUrl("relix_stacks_same_answers") });
  grpc = createGrpcClients(stack.grpcTarget);
});
afterAll(async () => {
  grpc?.close();
  await stack?.close();
});

describe("every HTTP stack answers every workload with the same data as grpc-js", () => {
  const params = { ...defaultWorkloadParams, payloadBytes: 64 * 1024, keyCount: 2 };
  for (const workload of workloads) {
    const modes = workload.usesCache ? cacheModes : (["warm"] as const);
    for (const cacheMode of modes) {
      it(`${workload.id} (${workload.usesCache ? cacheMode : "no cache"})`, async () => {
        for (const request of workload.requests(params).slice(0, 2)) {
          const ctx = { cacheMode, delayMs: 0 };
          const viaGrpc = await grpc.call(workload, request, ctx);
          for (const id of httpStackIds) {
            const answer = await callStack(stack, id, workload, request, ctx);
            expect(answer.status, id).toBe(200);
            expect(answer.contentType, id).toContain(
              id === "node-protobuf" ? "application/x-protobuf" : workload.streaming ? "ndjson" : "application/json",
            );
            expect(firstDifference(answer.data, viaGrpc.data), id).toBeNull();
          }
        }
      });
    }
  }
});

describe("each stack's /stats counts its own requests, and the split adds up to the server time", () => {
  it("node, node-protobuf and h2c each report their own figures; express and grpc-js split theirs too", async () => {
    const noop = workloads.find((w) => w.id === "noop")!;
    const item = workloads.find((w) => w.id === "item.get")!;
    for (const id of ["node", "node-protobuf", "h2c"] as const) {
      const stats = async () =>
        JSON.parse((await stackRequest(stack, id, { method: "GET", path: "/stats" })).body.toString()) as Stats;
      const before = await stats();
      for (let i = 0; i < 5; i++) await callStack(stack, id, noop, {});
      await callStack(stack, id, item, { id: 1 });
      const after = await stats();
      expect(after.stack).toBe(id);
      expect(after.requests.requests - before.requests.requests).toBe(6);
      const { serviceUs, codecUs, restUs } = after.split;
      expect(serviceUs).toBeGreaterThan(0);
      expect(codecUs).toBeGreaterThan(0);
      expect(serviceUs + codecUs + restUs).toBeCloseTo(after.requests.serverTimeUs, 3);
      expect(after.wire.bytesReceived).toBeGreaterThan(before.wire.bytesReceived);
    }
    const echo = workloads.find((w) => w.id === "echo")!;
    const [echoRequest] = echo.requests(defaultWorkloadParams);
    await callStack(stack, "express", echo, echoRequest);
    await grpc.call(echo, echoRequest);
    for (const url of [stack.restUrl, stack.grpcMetricsUrl]) {
      const stats = (await (await fetch(`${url}/stats`)).json()) as Stats;
      expect(stats.requests.requests).toBeGreaterThan(0);
      expect(stats.split.serviceUs).toBeGreaterThan(0);
      expect(stats.split.codecUs).toBeGreaterThan(0);
      expect(stats.split.serviceUs + stats.split.codecUs + stats.split.restUs).toBeCloseTo(
        stats.requests.serverTimeUs,
        3,
      );
    }
  });
});

interface Stats {
  stack: string;
  requests: { requests: number; serverTimeUs: number };
  split: { serviceUs: number; codecUs: number; restUs: number };
  wire: { bytesReceived: number };
}
