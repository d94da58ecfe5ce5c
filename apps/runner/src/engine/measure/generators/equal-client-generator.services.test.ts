/**
 * Equal clients against the real services: h2load drives every Node stack (HTTP/1.1, h2c and
 * gRPC alike) through the whole engine, and a gRPC side's failures, which h2load sees as HTTP 200,
 * are counted from the server's own counters.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runResultSchema, runSpecSchema, type ProtocolMeasure } from "@relix/core";
import type { EngineContext } from "../../engine-context";
import { measureRefusedCalls } from "../../testing/refused-calls";
import { runBenchmark } from "../../run-benchmark";
import { SERVER_COUNTED_FAILURE_CODE } from "../server-counted-errors";
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

const NODE_STACKS = ["express", "node", "node-protobuf", "h2c", "grpc-js", "grpc-js-static"] as const;
const window = { warmupMs: 200, durationMs: 1_000, trials: 1, connections: 4 };
const h2Window = 2 ** EQUAL_CLIENT_WINDOW_BITS.stream - 1;

describe("--clients equal against the six Node stacks", () => {
  it("measures every stack with h2load after the preflight's checks: no errors, and how each side was driven", async () => {
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
    const [cell] = result.cells;
    const measures = new Map<string, ProtocolMeasure>([
      ["express", cell!.trials[0]!.rest],
      ["grpc-js", cell!.trials[0]!.grpc],
      ...(cell!.stacks ?? []).map((s) => [s.stack, s.trials[0]!] as const),
    ]);
    expect([...measures.keys()].sort()).toEqual([...NODE_STACKS].sort());
    for (const [stack, measure] of measures) {
      expect(measure.generator.tool, stack).toBe("h2load");
      expect(measure.errors.total, stack).toBe(0);
      expect(measure.requests, stack).toBeGreaterThan(20);
      expect(measure.connections.inFlight, stack).toBe(4);
      const grpc = stack.startsWith("grpc");
      expect(measure.client, stack).toMatchObject({
        mode: "equal",
        program: "h2load",
        http: stack === "h2c" || grpc ? "2" : "1.1",
        errorsCountedBy: grpc ? "server-counters" : "http-status",
        // item.get's gRPC request carries its key in the body: every side sends the first key only.
        requestsSent: "first-request",
        flowControl: stack === "h2c" || grpc ? { streamWindowBytes: h2Window, connectionWindowBytes: h2Window } : null,
      });
      if (grpc) expect(measure.client!.serverCounted!.failed, stack).toBe(0);
      // The server served what the client counted: one server call per sample, more around the window.
      if (grpc) expect(measure.client!.serverCounted!.calls, stack).toBeGreaterThanOrEqual(measure.requests);
    }
  });

  it("counts gRPC calls the server refuses as errors, though h2load sees HTTP 200 for each", async () => {
    // Every call refused with INVALID_ARGUMENT: an HTTP 200 whose status is in the trailers.
    const measure = await measureRefusedCalls("grpc-js", ["express", "grpc-js"], window, context);
    expect(measure.client?.errorsCountedBy).toBe("server-counters");
    expect(measure.client!.serverCounted!.failed).toBeGreaterThan(20);
    expect(measure.client!.serverCounted!.failed).toBe(measure.client!.serverCounted!.calls);
    // Never a success: every call of the window is an error, under the server's count.
    expect(measure.requests).toBe(0);
    expect(measure.rps).toBe(0);
    expect(measure.errors.total).toBeGreaterThan(20);
    expect(measure.errors.byCode[SERVER_COUNTED_FAILURE_CODE]).toBe(measure.errors.total);
  });
});
