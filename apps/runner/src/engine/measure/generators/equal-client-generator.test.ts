import { describe, expect, it } from "vitest";
import { getWorkload, runSpecSchema, type StackId } from "@relix/core";
import type { LoadPlan } from "../load-generator";
import { requestsFileOf } from "../../../tools/relix-load";
import { EQUAL_CLIENT_WINDOW_BITS, relixLoadOptionsFor } from "./equal-client-generator";

const targets = { host: "127.0.0.1", restPort: 3001, grpcPort: 50051, grpcMetricsPort: 9464 };

function planFor(stack: StackId, workloadId: string, more: Record<string, unknown> = {}): LoadPlan {
  const workload = getWorkload(workloadId);
  const spec = runSpecSchema.parse({ workloads: [workloadId], clients: "equal", keyCount: 5, ...more });
  return {
    stack,
    workload,
    cacheMode: "warm",
    requests: workload.requests(spec),
    spec,
    targets,
    durationMs: 1_000,
    timeoutMs: 5_000,
    tools: {},
    env: {},
  };
}

describe("equal clients: what relix-load is given", () => {
  it("sends every key of the sequence on both sides, the gRPC side's keys in its framed bodies", () => {
    for (const stack of ["express", "grpc-js"] as const) {
      const options = relixLoadOptionsFor(planFor(stack, "item.get"), "/bin/relix-load");
      const sent = JSON.parse(requestsFileOf(options)) as { path: string; body?: string }[];
      expect(sent, stack).toHaveLength(5);
      // Five different calls: the paths differ over HTTP, the bodies over gRPC.
      expect(new Set(sent.map((r) => `${r.path} ${r.body ?? ""}`)).size, stack).toBe(5);
    }
  });

  it("speaks HTTP/1.1 to express with a connection per call in flight, h2 to grpc-js with the 4 MiB windows", () => {
    const rest = relixLoadOptionsFor(planFor("express", "noop", { connections: 8 }), "/bin/relix-load");
    expect(rest).toMatchObject({ protocol: "h1", grpc: false, connections: 8, inFlight: 8 });
    expect(rest.windowBits).toBeUndefined();
    const grpc = relixLoadOptionsFor(planFor("grpc-js", "noop", { connections: 8 }), "/bin/relix-load");
    expect(grpc).toMatchObject({ protocol: "h2c", grpc: true, connections: 1, inFlight: 8 });
    expect(grpc.windowBits).toEqual(EQUAL_CLIENT_WINDOW_BITS);
    expect(grpc.url).toBe("http://127.0.0.1:50051");
  });

  it("passes an open loop's rate, and a connection per call to HTTP/1.1 sides only", () => {
    const open = relixLoadOptionsFor(planFor("express", "noop", { rate: 300 }), "/bin/relix-load");
    expect(open.rate).toBe(300);
    const perCall = { restConnection: "per-request" };
    expect(relixLoadOptionsFor(planFor("express", "noop", perCall), "/bin/x").newConnectionPerCall).toBe(true);
    expect(relixLoadOptionsFor(planFor("grpc-js", "noop", perCall), "/bin/x").newConnectionPerCall).toBeUndefined();
  });
});
