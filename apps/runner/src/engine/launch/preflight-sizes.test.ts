/**
 * The size knobs (records, echoBytes) through the engine against the real services: preflight
 * compares every stack's answer at the largest sizes, and a short run measures item.list at a
 * record count that is not the default, with the bodies the preflight recorded.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultWorkloadParams, getWorkload, runSpecSchema } from "@relix/core";
import { stacksOfRuntime } from "@relix/core/stacks/stacks";
import type { EngineContext } from "../engine-context";
import { preflight } from "./preflight";
import { runBenchmark } from "../run-benchmark";
import { testEngineContext } from "../testing/engine-context";
import { startLocalServices, type LocalServices } from "../testing/local-services";

/** The stacks the Node services serve. */
const stackIds = stacksOfRuntime("node");

let local: LocalServices;
let context: EngineContext;

beforeAll(async () => {
  local = await startLocalServices();
  context = await testEngineContext(local.targets);
});

afterAll(async () => {
  await local?.services.stop();
});

describe("preflight at the size bounds, on all six stacks", () => {
  it("item.list and item.stream at 1 and 10,000 records, echo at 1 B and 1 MiB: the same data everywhere, bodies that grow with the size", async () => {
    const bodies = new Map<string, number>();
    for (const workloadId of ["item.list", "item.stream"]) {
      const workload = getWorkload(workloadId);
      for (const records of [1, 10_000]) {
        const requests = workload.requests({ ...defaultWorkloadParams, records });
        for (const cacheMode of ["warm", "cold"] as const) {
          const sizes = await preflight(local.targets, workload, requests, cacheMode, undefined, stackIds);
          expect(Object.keys(sizes.stacks).sort()).toEqual(["grpc-js-static", "h2c", "node", "node-protobuf"]);
          bodies.set(`${workloadId}:${records}`, sizes.rest.responseBodyBytes);
        }
      }
      // ~110 B a record as JSON: ten thousand of them are over a megabyte, one is not a kilobyte.
      expect(bodies.get(`${workloadId}:1`)).toBeLessThan(1000);
      expect(bodies.get(`${workloadId}:10000`)).toBeGreaterThan(1_000_000);
    }
    const echo = getWorkload("echo");
    for (const echoBytes of [1, 1024 * 1024]) {
      const sizes = await preflight(
        local.targets,
        echo,
        echo.requests({ ...defaultWorkloadParams, echoBytes }),
        "warm",
        undefined,
        stackIds,
      );
      expect(sizes.grpc.requestBodyBytes).toBeGreaterThanOrEqual(echoBytes);
      expect(sizes.grpc.responseBodyBytes).toBeGreaterThanOrEqual(echoBytes);
    }
  }, 120_000);
});

describe("a run at a record count of its own", () => {
  it("measures item.list at 2,000 records on both protocols, every call answered, the spec's count in the result", async () => {
    const spec = runSpecSchema.parse({
      workloads: ["item.list"],
      cacheModes: ["warm"],
      records: 2000,
      connections: 2,
      warmupMs: 200,
      durationMs: 800,
      trials: 1,
    });
    const result = await runBenchmark(spec, { services: local.services, context, onEvent: () => {} });
    expect(result.spec.records).toBe(2000);
    const [cell] = result.cells;
    expect(cell!.payload.rest.responseBodyBytes).toBeGreaterThan(2000 * 100);
    expect(cell!.payload.grpc.responseBodyBytes).toBeGreaterThan(2000 * 70);
    for (const measure of [cell!.trials[0]!.rest, cell!.trials[0]!.grpc]) {
      expect(measure.requests).toBeGreaterThan(0);
      expect(measure.errors.total).toBe(0);
    }
  }, 120_000);
});
