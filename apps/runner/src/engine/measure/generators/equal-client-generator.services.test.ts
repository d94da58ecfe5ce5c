/**
 * Equal clients against the real services: relix-load drives every Node stack (HTTP/1.1, h2c and
 * gRPC alike) through the whole engine, sends every key (as Redis sees the servers ask for them),
 * and counts a gRPC side's failures from each call's trailers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runResultSchema, runSpecSchema, type ProtocolMeasure, type RunSpec } from "@relix/core";
import type { EngineContext } from "../../engine-context";
import { measureRefusedCalls } from "../../testing/refused-calls";
import { runBenchmark } from "../../run-benchmark";
import { monitorRedis } from "../../testing/redis-monitor";
import { measureProtocol } from "../measure-protocol";
import { stackStats } from "../../plan/stack-table";
import { warmSidePlan } from "../../testing/warm-side-plan";
import { readStats } from "../server-stats";
import { testEngineContext } from "../../testing/engine-context";
import { startLocalServices, type LocalServices } from "../../testing/local-services";
import { EQUAL_CLIENT_WINDOW_BITS } from "./equal-client-generator";

let local: LocalServices;
let context: EngineContext;

beforeAll(async () => {
  local = await startLocalServices();
  context = await testEngineContext(local.targets);
});
afterAll(async () => {
  await local?.services.stop();
});

/** One stack's measure of `spec`'s first workload, as the engine measures a protocol in a trial. */
const measureSide = (stack: "express" | "grpc-js", spec: RunSpec) =>
  measureProtocol(warmSidePlan(stack, spec), context, () => {});

const NODE_STACKS = ["express", "node", "node-protobuf", "h2c", "grpc-js", "grpc-js-static"] as const;
const window = { warmupMs: 200, durationMs: 1_000, trials: 1, connections: 4 };
const h2Window = 2 ** EQUAL_CLIENT_WINDOW_BITS.stream - 1;

describe("--clients equal against the six Node stacks", () => {
  it("measures every stack with relix-load after the preflight's checks: no errors, and how each side was driven", async () => {
    const spec = runSpecSchema.parse({
      workloads: ["item.get"],
      cacheModes: ["warm"],
      stacks: [...NODE_STACKS],
      clients: "equal",
      keyCount: 10,
      ...window,
    });
    // runBenchmark refuses a run whose stacks' answers differ (the preflight) before it measures.
    const result = await runBenchmark(spec, { services: local.services, context, runId: "equal-clients-test" });
    expect(() => runResultSchema.parse(JSON.parse(JSON.stringify(result)))).not.toThrow();
    expect(result.environment.versions["relix-load"]).toMatch(/^\d+\.\d+\.\d+/);
    const [cell] = result.cells;
    const measures = new Map<string, ProtocolMeasure>([
      ["express", cell!.trials[0]!.rest],
      ["grpc-js", cell!.trials[0]!.grpc],
      ...(cell!.stacks ?? []).map((s) => [s.stack, s.trials[0]!] as const),
    ]);
    expect([...measures.keys()].sort()).toEqual([...NODE_STACKS].sort());
    for (const [stack, measure] of measures) {
      expect(measure.generator.tool, stack).toBe("relix-load");
      expect(measure.errors.total, stack).toBe(0);
      expect(measure.requests, stack).toBeGreaterThan(20);
      expect(measure.connections.inFlight, stack).toBe(4);
      const grpc = stack.startsWith("grpc");
      expect(measure.client, stack).toMatchObject({
        mode: "equal",
        program: "relix-load",
        http: stack === "h2c" || grpc ? "2" : "1.1",
        errorsCountedBy: grpc ? "grpc-status" : "http-status",
        requestsSent: "key-sequence",
        flowControl: stack === "h2c" || grpc ? { streamWindowBytes: h2Window, connectionWindowBytes: h2Window } : null,
      });
      expect(measure.client!.serverCounted, stack).toBeUndefined();
    }
  });

  it("sends every key of the sequence on both sides, as the servers' reads of Redis show", async () => {
    // item.get's gRPC request carries its key in the body: a client with one body would send one key.
    const spec = runSpecSchema.parse({
      workloads: ["item.get"],
      stacks: ["express", "grpc-js"],
      clients: "equal",
      keyCount: 10,
      ...window,
      warmupMs: 0,
      durationMs: 500,
    });
    for (const stack of ["express", "grpc-js"] as const) {
      const monitor = await monitorRedis();
      try {
        const measure = await measureSide(stack, spec);
        expect(measure.errors.total, stack).toBe(0);
      } finally {
        await monitor.stop();
      }
      const keys = new Set(monitor.gets().filter((key) => /item/i.test(key)));
      expect(keys.size, `${stack}: ${[...keys].join(", ")}`).toBe(10);
    }
  });

  it("counts gRPC calls the server refuses as errors by their status, read from the trailers", async () => {
    // Every call refused with INVALID_ARGUMENT: an HTTP 200 whose status is in the trailers.
    const measure = await measureRefusedCalls("grpc-js", ["express", "grpc-js"], window, context);
    expect(measure.client?.errorsCountedBy).toBe("grpc-status");
    // Never a success: every call of the window is an error, under its own status.
    expect(measure.requests).toBe(0);
    expect(measure.rps).toBe(0);
    expect(measure.errors.total).toBeGreaterThan(20);
    expect(measure.errors.byCode["INVALID_ARGUMENT"]).toBe(measure.errors.total);
  });

  it("drives an open loop at a rate, each call timed from its due time too", async () => {
    const spec = runSpecSchema.parse({
      workloads: ["item.get"],
      cacheModes: ["warm"],
      stacks: ["express", "grpc-js"],
      clients: "equal",
      ...window,
      rate: 200,
    });
    const result = await runBenchmark(spec, { services: local.services, context, runId: "equal-open-loop-test" });
    const [cell] = result.cells;
    for (const measure of [cell!.trials[0]!.rest, cell!.trials[0]!.grpc]) {
      expect(measure.errors.total).toBe(0);
      expect(measure.generator.tool).toBe("relix-load");
      // 200 calls/s over a 1 s window: about 200 calls, not as many as the servers could answer.
      expect(measure.requests).toBeGreaterThan(150);
      expect(measure.requests).toBeLessThan(250);
    }
  });

  it("times an open loop's calls from their due times: a server slower than the rate shows the queue growing", async () => {
    // Two calls in flight, each held 50 ms by the server (echo sleeps the delay): at most 40 calls/s, offered 200.
    const parsed = runSpecSchema.parse({
      workloads: ["echo"],
      stacks: ["express", "grpc-js"],
      clients: "equal",
      ...window,
      warmupMs: 0,
      connections: 2,
      rate: 200,
    });
    const spec = { ...parsed, serverDelayMs: 50 };
    for (const stack of ["express", "grpc-js"] as const) {
      const measure = await measureSide(stack, spec);
      expect(measure.errors.total, stack).toBe(0);
      expect(measure.latencyCorrection, stack).toBe("scheduled");
      // Each call takes about 50 ms once sent; from its due time, the later it was due the longer it waited.
      expect(measure.latencyMs.p50, stack).toBeGreaterThanOrEqual(45);
      expect(measure.latencyMs.p50, stack).toBeLessThan(200);
      expect(measure.correctedLatencyMs!.p99, stack).toBeGreaterThan(3 * measure.latencyMs.p99);
    }
  });

  it("opens a new connection for every HTTP/1.1 call with --rest-connection per-request", async () => {
    const spec = runSpecSchema.parse({
      workloads: ["noop"],
      stacks: ["express", "grpc-js"],
      clients: "equal",
      restConnection: "per-request",
      ...window,
    });
    const stats = stackStats(local.targets, "express");
    const before = await readStats(stats);
    const result = await runBenchmark(spec, { services: local.services, context, runId: "equal-per-call-test" });
    const after = await readStats(stats);
    const rest = result.cells[0]!.trials[0]!.rest;
    expect(rest.errors.total).toBe(0);
    // The server accepted a connection per call it served (kept connections would be 4 and a few
    // more for the preflight, whose handful of calls share theirs).
    const accepted = after.wire.connectionsOpened - before.wire.connectionsOpened;
    const served = after.requests.requests - before.requests.requests;
    expect(served).toBeGreaterThan(50);
    expect(accepted).toBeGreaterThan(served * 0.99);
    expect(rest.client).toMatchObject({ program: "relix-load", http: "1.1", connection: "per-call" });
    // gRPC keeps its connections: per-request is HTTP/1.1's.
    expect(result.cells[0]!.trials[0]!.grpc.client?.connection).toBeUndefined();
  });
});
