import { describe, expect, it } from "vitest";
import { DEFAULT_PAIR, MAX_MESSAGE_BYTES, stackRecord, type CacheMode, type StackId } from "@relix/core";
import { stackServesWorkload } from "@relix/core/stacks/stack-workloads";
import { grpcBadInputs, restBadInputs } from "../bad-input-cases";
import { stackRequest } from "../http-stack-client";
import { answerOf, withMessage } from "./answers";
import type { RuntimeSuite } from "./suite";

const json = "application/json";

/**
 * Refusals known to differ from the Node stack's, each documented in its runtime's README: still a
 * 4xx with Node's status, but not Node's JSON error.
 */
const KNOWN_DIFFERENCES: Partial<Record<StackId, Record<string, string>>> = {
  spring: {
    "undecodable path":
      "Tomcat refuses a path it cannot decode with its own HTML page before Spring MVC sees it (services/java/README.md)",
  },
};

/** Each bad request of the REST cases: express's status and JSON error, or the known difference. */
function itRefusesRestInput(suite: RuntimeSuite, stack: StackId): void {
  const cases = restBadInputs.filter((c) => c.workload === undefined || stackServesWorkload(stack, c.workload));
  for (const { name, request } of cases) {
    const known = KNOWN_DIFFERENCES[stack]?.[name];
    it(`${stack}: ${name} (${request.method} ${request.path.slice(0, 40)})${known ? `: a known difference, ${known}` : ""}`, async () => {
      const expected = await stackRequest(suite.all, DEFAULT_PAIR.rest, request);
      const answer = await stackRequest(suite.all, stack, request);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(answer.status).toBe(expected.status);
      if (known) {
        // Held to what it does instead, so that a fix shows here and the entry goes.
        expect(answer.contentType, "now a JSON error: remove it from KNOWN_DIFFERENCES").not.toContain(json);
        return;
      }
      expect(answer.contentType).toContain(json);
      // The error's code, message and field: what a client shows its user.
      expect(JSON.parse(answer.body.toString("utf8"))).toEqual(JSON.parse(expected.body.toString("utf8")));
    });
  }
}

/** Each invalid message of the gRPC cases: grpc-js's status and details; an oversized upload, RESOURCE_EXHAUSTED. */
function itRefusesGrpcInput(suite: RuntimeSuite, stack: StackId): void {
  const cases = grpcBadInputs.filter((c) => stackServesWorkload(stack, c.workload));
  for (const { name, workload, message, cacheMode } of cases) {
    it(`${stack}: ${name} (${workload})`, async () => {
      const ctx = { cacheMode: (cacheMode ?? "warm") as CacheMode, delayMs: 0 };
      const expected = await answerOf(suite.all, DEFAULT_PAIR.grpc, withMessage(workload, message), {}, ctx);
      const answer = await answerOf(suite.all, stack, withMessage(workload, message), {}, ctx);
      expect(answer).toEqual(expected);
      expect(["INVALID_ARGUMENT", "NOT_FOUND"]).toContain((answer as { code: string }).code);
    });
  }
  if (stackServesWorkload(stack, "upload")) {
    it(`${stack}: a message over the limit is RESOURCE_EXHAUSTED (in the runtime's own words)`, async () => {
      const answer = await answerOf(
        suite.all,
        stack,
        withMessage("upload", { payload: Buffer.alloc(MAX_MESSAGE_BYTES + 1, 1) }),
        {},
        { cacheMode: "warm", delayMs: 0 },
      );
      expect(answer).toMatchObject({ code: "RESOURCE_EXHAUSTED" });
    });
  }
}

/** Bad input refused as the Node stack of the same family (express, grpc-js) refuses it. */
export function describeBadInput(suite: RuntimeSuite): void {
  describe(`${suite.runtime}: bad input refused as the Node stack of the same family refuses it`, () => {
    for (const stack of suite.stacks.filter((s) => stackRecord(s).family === "rest")) itRefusesRestInput(suite, stack);
    for (const stack of suite.stacks.filter((s) => stackRecord(s).family === "grpc")) itRefusesGrpcInput(suite, stack);
  });
}
