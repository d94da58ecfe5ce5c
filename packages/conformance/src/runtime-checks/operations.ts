import { describe, expect, it } from "vitest";
import { stackRecord, type StackId } from "@relix/core";
import { itCountsMetrics, itCountsStats } from "./counters";
import type { RuntimeSuite } from "./suite";

const json = "application/json";

function itAnswersHealthAndReadiness(suite: RuntimeSuite, stack: StackId): void {
  it(`${stack}: /healthz and /readyz answer 200, every time they are asked`, async () => {
    const base = suite.servers.serverOf(stack).operationsUrl;
    for (const path of ["/healthz", "/readyz"]) {
      // Asked repeatedly: a readiness that flaps sends a balancer's or a runner's traffic away.
      const refusals: unknown[] = [];
      let body: unknown;
      for (let i = 0; i < 50; i++) {
        const response = await fetch(`${base}${path}`);
        expect(response.headers.get("content-type"), path).toContain(json);
        body = await response.json();
        if (response.status !== 200) refusals.push({ attempt: i, status: response.status, body });
      }
      expect(refusals, `${path}: the answers that were not 200`).toEqual([]);
      if (stackRecord(stack).family === "rest") {
        // The same body as Express's (the Node gRPC API's side port serves no /readyz to compare).
        const express = await fetch(`${suite.node.restUrl}${path}`);
        expect(body, path).toEqual(await express.json());
      }
    }
  });
}

/** /healthz, /readyz, and /stats and /metrics counting the calls made, as the runner reads them. */
export function describeOperations(suite: RuntimeSuite): void {
  describe(`${suite.runtime}: health, readiness and the counters the runner reads`, () => {
    for (const stack of suite.stacks) {
      itAnswersHealthAndReadiness(suite, stack);
      itCountsStats(suite, stack);
      itCountsMetrics(suite, stack);
    }
  });
}
