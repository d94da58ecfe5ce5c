import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cacheModes, defaultWorkloadParams, firstDifference, workloads } from "@relix/core";
import { createGrpcClients, type GrpcClients } from "@relix/io";
import { addressOf } from "./http-stack-client";
import { databaseUrl, startStack, type Stack } from "./stack";

let stack: Stack;
let grpcJs: GrpcClients;
let grpcStatic: GrpcClients;

beforeAll(async () => {
  stack = await startStack({ MYSQL_URL: databaseUrl("relix_grpc_static_same_answers") });
  grpcJs = createGrpcClients(stack.grpcTarget);
  grpcStatic = createGrpcClients(addressOf(stack, "grpc-js-static"));
});
afterAll(async () => {
  grpcJs?.close();
  grpcStatic?.close();
  await stack?.close();
});

describe("grpc-js-static answers every workload as grpc-js does", () => {
  const params = { ...defaultWorkloadParams, payloadBytes: 64 * 1024, keyCount: 2 };
  for (const workload of workloads) {
    const modes = workload.usesCache ? cacheModes : (["warm"] as const);
    for (const cacheMode of modes) {
      it(`${workload.id} (${workload.usesCache ? cacheMode : "no cache"})`, async () => {
        for (const request of workload.requests(params).slice(0, 2)) {
          const ctx = { cacheMode, delayMs: 0 };
          const viaGrpcJs = await grpcJs.call(workload, request, ctx);
          const viaStatic = await grpcStatic.call(workload, request, ctx);
          expect(firstDifference(viaStatic.data, viaGrpcJs.data)).toBeNull();
        }
      });
    }
  }

  it("an unknown id is NOT_FOUND with the same message on both", async () => {
    const item = workloads.find((w) => w.id === "item.get")!;
    const failure = (clients: GrpcClients) =>
      clients.call(item, { id: 999_999 }).then(
        () => null,
        (error: { code: number; details: string }) => ({ code: error.code, details: error.details }),
      );
    const [viaGrpcJs, viaStatic] = await Promise.all([failure(grpcJs), failure(grpcStatic)]);
    expect(viaGrpcJs).not.toBeNull();
    expect(viaStatic).toEqual(viaGrpcJs);
  });
});

describe("the side port's /stats?stack=grpc-js-static counts that stack's requests alone", () => {
  it("requests, codec time and wire bytes land on grpc-js-static, not grpc-js", async () => {
    const stats = async (stackId: string) =>
      (await (await fetch(`${stack.grpcMetricsUrl}/stats?stack=${stackId}`)).json()) as {
        stack: string;
        requests: { requests: number; serverTimeUs: number };
        split: { serviceUs: number; codecUs: number; restUs: number };
        wire: { bytesReceived: number };
      };
    const item = workloads.find((w) => w.id === "item.get")!;
    const [staticBefore, grpcJsBefore] = await Promise.all([stats("grpc-js-static"), stats("grpc-js")]);
    for (let i = 0; i < 4; i++) await grpcStatic.call(item, { id: 1 });
    const [staticAfter, grpcJsAfter] = await Promise.all([stats("grpc-js-static"), stats("grpc-js")]);
    expect(staticAfter.stack).toBe("grpc-js-static");
    expect(staticAfter.requests.requests - staticBefore.requests.requests).toBe(4);
    expect(grpcJsAfter.requests.requests).toBe(grpcJsBefore.requests.requests);
    expect(staticAfter.split.codecUs).toBeGreaterThan(0);
    const { serviceUs, codecUs, restUs } = staticAfter.split;
    expect(serviceUs + codecUs + restUs).toBeCloseTo(staticAfter.requests.serverTimeUs, 3);
    expect(staticAfter.wire.bytesReceived).toBeGreaterThan(staticBefore.wire.bytesReceived);
    expect((await fetch(`${stack.grpcMetricsUrl}/stats?stack=express`)).status).toBe(404);
  });
});
