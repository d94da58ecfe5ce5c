/**
 * A request that says `Content-Type: multipart/form-data` and gives no boundary, on every route of
 * the catalog, to every REST stack this machine serves. No route takes form parts, so the type is
 * one a route does not read: each stack answers as express does (a GET as if the header were not
 * there, a JSON route "expected object, received undefined", a raw route its bytes), a route it
 * does not serve with its 404, and never a 5xx. Spring once parsed every such request before
 * routing and answered 500 on all of them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PAIR, defaultWorkloadParams, stackRecord, workloads } from "@relix/core";
import { restRequestOf } from "@relix/core/catalog/rest-request";
import { stackServesWorkload } from "@relix/core/stacks/stack-workloads";
import { restStacksBuiltHere, startAvailableRestStacks, type AvailableRestStacks } from "./available-rest-stacks";
import { stackRequest, type RawRequest, type RawResponse } from "./http-stack-client";

const MULTIPART_WITHOUT_BOUNDARY = { "content-type": "multipart/form-data" };

/** Each workload's route, as its first request reaches it, with the header; a POST carries one byte. */
const requests = workloads.map((workload) => {
  const { method, path } = restRequestOf(workload, workload.requests(defaultWorkloadParams)[0]);
  const request: RawRequest = {
    method,
    path,
    headers: MULTIPART_WITHOUT_BOUNDARY,
    ...(method === "POST" ? { body: "x" } : {}),
  };
  return { workload, request };
});

const jsonOf = (answer: RawResponse): unknown => JSON.parse(answer.body.toString("utf8"));

let started: AvailableRestStacks;
beforeAll(async () => {
  started = await startAvailableRestStacks("relix_multipart_without_boundary");
}, 300_000);
afterAll(async () => {
  await started?.close();
}, 30_000);

const { stacks, leftOut } = restStacksBuiltHere();

describe("Content-Type: multipart/form-data without a boundary, on every route of the catalog", () => {
  for (const { stack, reason } of leftOut) it.skip(`${stack}: ${reason}`, () => {});
  for (const stack of stacks) {
    // A protobuf stack refuses every type but its own (415); the JSON stacks read bodies as express does.
    const sameAsExpress = stackRecord(stack).encoding === "json";
    it(`${stack}: ${sameAsExpress ? "answered as express answers it" : "a 4xx JSON error or an answer, never a 5xx"}`, async () => {
      for (const { workload, request } of requests) {
        const label = `${request.method} ${request.path.slice(0, 40)} (${workload.id})`;
        const answer = await stackRequest(started, stack, request);
        expect(answer.status, label).toBeLessThan(500);
        if (!stackServesWorkload(stack, workload.id)) {
          expect(answer.status, label).toBe(404);
          expect(jsonOf(answer), label).toMatchObject({ error: { code: "not_found" } });
          continue;
        }
        if (answer.status >= 400) {
          expect(answer.contentType, label).toContain("application/json");
          expect(jsonOf(answer), label).toMatchObject({
            error: { code: expect.any(String), message: expect.any(String) },
          });
        }
        if (!sameAsExpress || stack === DEFAULT_PAIR.rest) continue;
        const expected = await stackRequest(started, DEFAULT_PAIR.rest, request);
        expect(answer.status, label).toBe(expected.status);
        if (expected.status >= 400) expect(jsonOf(answer), label).toEqual(jsonOf(expected));
      }
    });
  }
});
