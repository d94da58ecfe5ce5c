import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getWorkload } from "@relix/core";
import { callRest, createGrpcClients, type GrpcClients } from "@relix/io";
import { databaseUrl, startStack, type Stack } from "./stack";

let stack: Stack;
let grpc: GrpcClients;

beforeAll(async () => {
  stack = await startStack({ MYSQL_URL: databaseUrl("relix_item_sizes") });
  grpc = createGrpcClients(stack.grpcTarget);
});
afterAll(async () => {
  grpc?.close();
  await stack?.close();
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

describe("study 000's record on the wire, as preflight records it", () => {
  it("a seeded item is ~110 B as a REST JSON body and ~80 B as a gRPC protobuf message", async () => {
    const workload = getWorkload("item.get");
    const ctx = { cacheMode: "cold" as const, delayMs: 0 };
    const json: number[] = [];
    const protobuf: number[] = [];
    // The same calls preflight makes, read from MySQL: every 5th of the 1000 seeded items.
    for (let id = 1; id <= 1000; id += 5) {
      json.push((await callRest(stack.restUrl, workload, { id }, ctx)).responseBodyBytes);
      protobuf.push((await grpc.call(workload, { id }, ctx)).responseBodyBytes);
    }
    // Published: 110 B and 80 B.
    expect(median(json)).toBeGreaterThanOrEqual(104);
    expect(median(json)).toBeLessThanOrEqual(120);
    expect(median(protobuf)).toBeGreaterThanOrEqual(70);
    expect(median(protobuf)).toBeLessThanOrEqual(86);
    // No outliers: every record weighs about the same in each encoding.
    expect(Math.max(...json) - Math.min(...json)).toBeLessThanOrEqual(30);
    expect(Math.max(...protobuf) - Math.min(...protobuf)).toBeLessThanOrEqual(25);
  });
});
