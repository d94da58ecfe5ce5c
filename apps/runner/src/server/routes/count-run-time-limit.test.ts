// A run counted in requests is held to the one-hour limit too: refused up front when its length is
// known (an open loop), accepted with each window capped in time when it is not (a closed loop).
import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestRunner, type TestRunner } from "../testing/test-runner";

let runner: TestRunner;
beforeAll(async () => {
  runner = await startTestRunner();
});
afterAll(async () => {
  await runner.close();
});

describe("POST /api/runs with a window counted in requests", () => {
  it("refuses the issue's probe, a million requests at 1 req/s over 20 trials, with 400 naming spec.requests", async () => {
    const started = performance.now();
    const response = await runner.request("/api/runs", {
      json: { spec: { workloads: ["noop"], requests: 1_000_000, rate: 1, trials: 20 } },
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.code).toBe("invalid_request");
    expect(body.error.fields).toEqual([
      {
        path: "spec.requests",
        message: expect.stringMatching(
          /^this run would measure for about 666668 min, more than the 60 min limit: .*fewer requests or a higher rate/,
        ),
      },
    ]);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(runner.engine.runs).toHaveLength(0);
  });

  it("accepts a closed-loop count run: its windows stop at their share of the limit instead", async () => {
    const response = await runner.request("/api/runs", {
      json: { spec: { workloads: ["noop"], requests: 1_000_000, trials: 20 } },
    });
    expect(response.status).toBe(202);
  });
});
