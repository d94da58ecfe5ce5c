/**
 * A workload with a load of its own (study 001's users, turned into each task's rate by Little's
 * law) runs open loop at that rate over its own connections, on both protocols, while the other
 * workloads of the same run keep the run's closed loop. Real services, real autocannon and ghz.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findingsOf, runSpecSchema, type RunResult } from "@relix/core";
import { runBenchmark } from "./run-benchmark";
import { testEngineContext } from "./testing/engine-context";
import { startLocalServices, type LocalServices } from "./testing/local-services";

let local: LocalServices;
let result: RunResult;

beforeAll(async () => {
  local = await startLocalServices();
  const spec = runSpecSchema.parse({
    workloads: ["noop", "echo"],
    connections: 2,
    warmupMs: 250,
    durationMs: 2_000,
    workloadLoads: { echo: { rate: 40, connections: 3 } },
  });
  result = await runBenchmark(spec, { services: local.services, context: await testEngineContext(local.targets) });
});

afterAll(async () => {
  await local?.services.stop();
});

describe("spec.workloadLoads", () => {
  it("offers the workload its own rate on both protocols, with its own connections", () => {
    const echo = result.cells.find((c) => c.workload === "echo")!;
    for (const side of [echo.rest, echo.grpc]) {
      // 40 req/s over a 2 s window: about 80, never the hundreds a closed loop would do.
      expect(side.rps).toBeGreaterThan(30);
      expect(side.rps).toBeLessThan(50);
      expect(side.correctedLatencyMs).toBeDefined();
    }
    expect(echo.rest.connections.tcp).toBe(3);
    expect(echo.grpc.connections.tcp).toBe(3);
  });

  it("leaves the other workloads on the run's closed loop", () => {
    const noop = result.cells.find((c) => c.workload === "noop")!;
    expect(noop.rest.correctedLatencyMs).toBeUndefined();
    expect(noop.rest.rps).toBeGreaterThan(100);
    expect(noop.rest.connections.inFlight).toBeLessThanOrEqual(2);
  });

  it("says how each load was offered, the workload's own named", () => {
    const texts = findingsOf(result).map((f) => f.text);
    expect(texts.some((t) => t.startsWith("closed loop: 2 requests in flight"))).toBe(true);
    expect(texts.some((t) => t.startsWith("echo, a load of its own: open loop at 40 req/s"))).toBe(true);
  });
});
