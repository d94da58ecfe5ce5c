import { describe, expect, it } from "vitest";
import { runResultSchema } from "../../result/result-schema";
import { makeRunResult } from "../../testing/result-fixture";
import { describeLoad } from "./run-summary";

describe("describeLoad", () => {
  it("shows REST's connection policy beside gRPC's channel", () => {
    const kept = describeLoad(makeRunResult({ spec: { grpcConnections: 2 } }));
    expect(kept).toContain("REST: keep-alive TCP connections; gRPC: one channel reused over 2 HTTP/2 connections");
    const perCall = describeLoad(makeRunResult({ spec: { restConnection: "per-request" } }));
    expect(perCall).toContain("REST: a new TCP connection per call (connect inside its latency)");
    expect(perCall).toContain("gRPC: one channel reused over 1 HTTP/2 connection");
  });

  it("reads a result written before the policy was recorded as keep-alive", () => {
    const result = makeRunResult();
    const { restConnection: _omitted, ...olderSpec } = result.spec;
    const older = runResultSchema.parse({ ...result, spec: olderSpec });
    expect(older.spec.restConnection).toBe("keep-alive");
    expect(describeLoad(older)).toContain("REST: keep-alive TCP connections");
  });

  it("names the placements with their figures, and says nothing of a loopback-only run", () => {
    const placed = makeRunResult({
      spec: {
        network: ["loopback", "cross-region", { name: "custom", rttMs: 30, jitterMs: 5, bandwidthMbps: 50 }],
      },
    });
    expect(describeLoad(placed)).toContain(
      "network: loopback, cross-region (147 ms RTT), custom (30 ms RTT, jitter 5 ms, 50 Mbit/s)",
    );
    expect(describeLoad(makeRunResult())).not.toContain("network");
  });
});
