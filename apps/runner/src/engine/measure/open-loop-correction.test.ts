import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAutocannon } from "../../tools/autocannon/run-autocannon";
import { runGhz } from "../../tools/ghz/run-ghz";
import {
  BENCH_PROTO,
  PROTO_ROOT,
  startGrpcTestServer,
  startHttpTestServer,
  type GrpcTestServer,
  type HttpTestServer,
} from "../../tools/testing/test-servers";
import { ghzBinForTests } from "../../tools/testing/tool-defaults";
import type { ClientSample } from "../../tools";
import { figuresInWindow } from "./window";

const RATE = 200;
const IN_FLIGHT = 4;
const STALL_MS = 1000;
const correction = { expectedIntervalUs: (IN_FLIGHT * 1e6) / RATE };

/** Raw and corrected p99 over the whole run, as the engine computes them. */
function p99s(samples: ClientSample[]) {
  const figures = figuresInWindow(samples, { startMs: 0, endMs: 60_000 }, correction);
  return {
    raw: figures.histogram.summary().p99,
    corrected: figures.corrected!.histogram.summary().p99,
    method: figures.corrected!.method,
  };
}

describe("open loop: a 1 s server stall shows in the corrected p99, not in the raw one", () => {
  let http: HttpTestServer;
  let grpc: GrpcTestServer;
  beforeAll(async () => {
    [http, grpc] = await Promise.all([startHttpTestServer(), startGrpcTestServer()]);
  });
  afterAll(async () => {
    await Promise.all([http?.stop(), grpc?.stop()]);
  });

  it("REST: requests are sent on schedule and timed from their due time too", async () => {
    const run = runAutocannon({
      url: http.url,
      requests: [{ method: "GET", path: "/noop" }],
      connections: IN_FLIGHT,
      durationMs: 4000,
      rate: RATE,
    });
    await new Promise((r) => setTimeout(r, 1500));
    await http.stall(STALL_MS);
    const result = await run;
    // A smooth schedule: about rate x duration, not a burst per connection per second.
    expect(result.requestsSent).toBeGreaterThan(RATE * 4 * 0.9);
    expect(result.requestsSent).toBeLessThan(RATE * 4 * 1.05);
    expect(result.samples.every((s) => s.fromDueLatencyUs !== undefined)).toBe(true);
    expect(result.samples.every((s) => s.fromDueLatencyUs! >= s.latencyUs - 1)).toBe(true);
    const p = p99s(result.samples);
    expect(p.method).toBe("scheduled");
    expect(p.raw).toBeLessThan(100);
    expect(p.corrected).toBeGreaterThan(STALL_MS / 2);
  }, 20_000);

  it("gRPC: ghz's raw samples, corrected with the expected interval in-flight / rate", async () => {
    const ghzBin = await ghzBinForTests();
    const run = runGhz({
      target: grpc.target,
      protoFile: BENCH_PROTO,
      importPaths: [PROTO_ROOT],
      ghzBin,
      call: "relix.v1.BenchService.Noop",
      data: [{}],
      concurrency: IN_FLIGHT,
      durationMs: 4000,
      rps: RATE,
    });
    await new Promise((r) => setTimeout(r, 1500));
    grpc.stall(STALL_MS);
    const result = await run;
    const p = p99s(result.samples);
    expect(p.method).toBe("expected-interval");
    expect(p.raw).toBeLessThan(100);
    expect(p.corrected).toBeGreaterThan(STALL_MS / 2);
  }, 20_000);
});
