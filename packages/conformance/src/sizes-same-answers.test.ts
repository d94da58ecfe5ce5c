import { status as grpcStatus, type ServiceError } from "@grpc/grpc-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultWorkloadParams, firstDifference, getWorkload, ITEM_LIST_LIMIT, type CacheMode } from "@relix/core";
import { getDataset } from "@relix/core/data/dataset";
import { createGrpcClients, type GrpcClients } from "@relix/io";
import { addressOf, callStack, httpStackIds, stackRequest } from "./http-stack-client";
import { databaseUrl, startStack, type Stack } from "./stack";

let stack: Stack;
let grpcJs: GrpcClients;
let grpcStatic: GrpcClients;

beforeAll(async () => {
  stack = await startStack({ MYSQL_URL: databaseUrl("relix_sizes_same_answers") });
  grpcJs = createGrpcClients(stack.grpcTarget);
  grpcStatic = createGrpcClients(addressOf(stack, "grpc-js-static"));
});
afterAll(async () => {
  grpcJs?.close();
  grpcStatic?.close();
  await stack?.close();
});

/** The workload's one request at these sizes, as the runner builds it from the spec. */
const requestAt = (workloadId: string, sizes: { records?: number; echoBytes?: number }) =>
  getWorkload(workloadId).requests({ ...defaultWorkloadParams, ...sizes })[0];

/** The items of an answer: a list's `items`, or a stream's messages. */
const itemsOf = (data: unknown) =>
  (Array.isArray(data) ? data : (data as { items: unknown[] }).items) as { id: number }[];

/** Every stack's answer, checked against grpc-js's; returns grpc-js's. */
async function sameOnEveryStack(workloadId: string, request: unknown, cacheMode: CacheMode = "warm") {
  const workload = getWorkload(workloadId);
  const ctx = { cacheMode, delayMs: 0 };
  const reference = (await grpcJs.call(workload, request, ctx)).data;
  expect(firstDifference((await grpcStatic.call(workload, request, ctx)).data, reference), "grpc-js-static").toBeNull();
  for (const id of httpStackIds) {
    const answer = await callStack(stack, id, workload, request, ctx);
    expect(answer.status, id).toBe(200);
    expect(firstDifference(answer.data, reference), id).toBeNull();
  }
  return reference;
}

describe("item.list and item.stream answer the asked number of records, the same on every stack", () => {
  const items = getDataset().items;

  for (const workloadId of ["item.list", "item.stream"]) {
    for (const records of [1, 100, 10_000]) {
      it(`${workloadId}: ${records} records, distinct, in id order, read through the cache and from the database`, async () => {
        const request = requestAt(workloadId, { records });
        for (const cacheMode of ["miss", "warm", "cold"] as const) {
          const answer = itemsOf(await sameOnEveryStack(workloadId, request, cacheMode));
          expect(answer).toHaveLength(records);
          expect(new Set(answer.map((item) => item.id)).size).toBe(records);
          expect(firstDifference(answer, items.slice(0, records))).toBeNull();
        }
      });
    }
  }

  it("without a limit, today's list of 100; one cache entry per count, so a short list never answers a long one", async () => {
    const list = getWorkload("item.list");
    expect(list.requests(defaultWorkloadParams)).toEqual([{}]);
    const plain = itemsOf(await sameOnEveryStack("item.list", {}));
    expect(plain).toHaveLength(ITEM_LIST_LIMIT);
    expect(firstDifference(plain, items.slice(0, ITEM_LIST_LIMIT))).toBeNull();
    expect(firstDifference(itemsOf(await sameOnEveryStack("item.list", { limit: ITEM_LIST_LIMIT })), plain)).toBeNull();
    // Warm, one after the other: a cache keyed by anything less than the count would answer 7 with 3.
    for (const limit of [3, 7, 3]) {
      expect(itemsOf(await sameOnEveryStack("item.list", { limit }))).toHaveLength(limit);
      expect(itemsOf(await sameOnEveryStack("item.stream", { limit }))).toHaveLength(limit);
    }
  });
});

describe("echo sends and gets back a map of echoBytes, the same on every stack", () => {
  for (const echoBytes of [undefined, 1, 9, 4096, 1024 * 1024]) {
    it(`${echoBytes === undefined ? "the study's ~0.5 KB message" : `${echoBytes} B`}`, async () => {
      const request = requestAt("echo", { echoBytes }) as { data: Record<string, string> };
      const answer = (await sameOnEveryStack("echo", request)) as { status: string; data: Record<string, string> };
      expect(answer).toEqual({ status: "ok", data: request.data });
      if (echoBytes !== undefined) {
        expect(Object.values(answer.data).reduce((sum, value) => sum + value.length, 0)).toBe(echoBytes);
      }
    });
  }
});

describe("a record count out of bounds is refused, naming limit", () => {
  for (const id of httpStackIds) {
    for (const route of ["/v1/items", "/v1/streams/items"]) {
      it(`${id}: ${route} with 0, 10001, 1.5, abc, an empty or a repeated limit is 400`, async () => {
        for (const query of ["0", "10001", "1.5", "abc", "", "1&limit=2"]) {
          const response = await stackRequest(stack, id, { method: "GET", path: `${route}?limit=${query}` });
          expect(response.status, query).toBe(400);
          const body = JSON.parse(response.body.toString("utf8")) as { error: { code: string; field?: string } };
          expect(body.error, query).toMatchObject({ code: "invalid_argument", field: "limit" });
        }
      });
    }
  }

  for (const [name, clients] of [
    ["grpc-js", () => grpcJs],
    ["grpc-js-static", () => grpcStatic],
  ] as const) {
    it(`${name}: a limit of 10001 is INVALID_ARGUMENT naming limit, on the list and on the stream`, async () => {
      for (const workloadId of ["item.list", "item.stream"]) {
        const workload = getWorkload(workloadId);
        // Bypass the request builder: the message is deliberately out of bounds.
        const raw = { ...workload, grpc: { ...workload.grpc, build: () => ({ limit: 10_001 }) } };
        const error = (await clients()
          .call(raw, {})
          .then(
            () => undefined,
            (e: unknown) => e,
          )) as ServiceError | undefined;
        expect(error, workloadId).toBeDefined();
        expect(grpcStatus[error!.code]).toBe("INVALID_ARGUMENT");
        expect(error!.details).toMatch(/^limit: /);
      }
    });
  }
});
