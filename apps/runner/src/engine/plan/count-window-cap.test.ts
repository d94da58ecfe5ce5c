/**
 * A window counted in requests in a closed loop stops at its time cap on every side, and the
 * result says so: the real services (child processes) over real Redis and MariaDB, driven by the
 * real autocannon and ghz. The cap is set through the engine's options, as a test must not wait
 * for the minutes the run's share of the limit would give.
 */
import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findingsOf, runResultSchema, runSpecSchema, type RunResult } from "@relix/core";
import type { EngineContext } from "../engine-context";
import { runBenchmark } from "../run-benchmark";
import { testEngineContext } from "../testing/engine-context";
import { startLocalServices, type LocalServices } from "../testing/local-services";

let local: LocalServices;
let context: EngineContext;

beforeAll(async () => {
  local = await startLocalServices();
  context = await testEngineContext(local.targets);
});

afterAll(async () => {
  await local?.services.stop();
});

describe("a closed-loop run of 2,000 requests whose 2 s cap comes first", () => {
  const CAP_MS = 2_000;
  const REQUESTS = 2_000;
  let result: RunResult;
  let elapsedMs: number;

  beforeAll(async () => {
    // 50 ms per call, 2 in flight: 2,000 calls would take 50 s a side.
    const spec = runSpecSchema.parse({
      workloads: ["echo"],
      requests: REQUESTS,
      connections: 2,
      warmupMs: 0,
      serverDelayMs: 50,
    });
    const started = performance.now();
    result = await runBenchmark(spec, { services: local.services, context, countWindowCapMs: CAP_MS });
    elapsedMs = performance.now() - started;
  });

  it("stops both sides on time, each measured over no more than the cap", () => {
    expect(() => runResultSchema.parse(JSON.parse(JSON.stringify(result)))).not.toThrow();
    // Two capped sides, preflight and the tools' starts; uncapped it would be 100 s.
    expect(elapsedMs).toBeLessThan(20_000);
    const trial = result.cells[0]!.trials[0]!;
    for (const measure of [trial.rest, trial.grpc]) {
      expect(measure.errors.total, measure.protocol).toBe(0);
      expect(measure.requests, measure.protocol).toBeGreaterThan(20);
      expect(measure.requests, measure.protocol).toBeLessThan(REQUESTS);
      // The side's measured time, its requests over its rate: within the cap.
      expect((measure.requests / measure.rps) * 1000, measure.protocol).toBeLessThanOrEqual(CAP_MS * 1.1);
    }
  });

  it("records the stop on both sides, and the report says after how many of the requests", () => {
    const trial = result.cells[0]!.trials[0]!;
    expect(trial.rest.facts).toContainEqual({
      kind: "stopped-at-time-cap",
      tool: "autocannon",
      requests: trial.rest.requests,
      plannedRequests: REQUESTS,
      capMs: CAP_MS,
    });
    expect(trial.grpc.facts).toContainEqual({
      kind: "stopped-at-time-cap",
      tool: "ghz",
      requests: trial.grpc.requests,
      plannedRequests: REQUESTS,
      capMs: CAP_MS,
    });
    const texts = findingsOf(result).map((f) => f.text);
    for (const [side, measure] of [
      ["REST", trial.rest],
      ["gRPC", trial.grpc],
    ] as const) {
      expect(texts).toContain(
        `STOPPED AT THE TIME LIMIT: ${side} echo stopped at the time limit after ${measure.requests.toLocaleString("en-US")} of 2,000 requests: every side's window may last 2.0 s in this run, so its figures cover the requests completed in that time.`,
      );
    }
  });
});

describe("a closed-loop count that completes within the cap the run's spec gives", () => {
  it("measures exactly the requests asked for on both sides, with no stop recorded", async () => {
    const spec = runSpecSchema.parse({ workloads: ["noop"], requests: 300, connections: 2, warmupMs: 0 });
    const result = await runBenchmark(spec, { services: local.services, context });
    const trial = result.cells[0]!.trials[0]!;
    for (const measure of [trial.rest, trial.grpc]) {
      expect(measure.requests + measure.errors.total, measure.protocol).toBe(300);
      expect(
        measure.facts?.map((f) => f.kind),
        measure.protocol,
      ).not.toContain("stopped-at-time-cap");
    }
    expect(findingsOf(result).map((f) => f.kind)).not.toContain("stopped-at-time-cap");
  });
});
