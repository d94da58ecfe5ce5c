import { describe, expect, it } from "vitest";
import { loadLoopFacts } from "../findings/load-loop";
import { runSpecSchema } from "./run-spec";
import { specForWorkload } from "./workload-load";

const spec = runSpecSchema.parse({
  workloads: ["noop", "stream"],
  connections: 8,
  workloadLoads: { stream: { rate: 187, connections: 200 } },
});

describe("specForWorkload", () => {
  it("gives a workload with its own load that rate, and one connection and one channel per slot", () => {
    const own = specForWorkload(spec, "stream");
    expect(own).toMatchObject({ rate: 187, connections: 200, grpcConnections: 200 });
    expect(own.durationMs).toBe(spec.durationMs);
  });

  it("leaves every other workload on the run's load", () => {
    expect(specForWorkload(spec, "noop")).toBe(spec);
  });
});

describe("workloadLoads in the spec", () => {
  it("refuses an unknown workload, a rate out of bounds and a connection count no rate could use", () => {
    const parse = (workloadLoads: unknown) => runSpecSchema.safeParse({ workloads: ["noop"], workloadLoads });
    expect(parse({ nope: { rate: 10, connections: 1 } }).success).toBe(false);
    expect(parse({ noop: { rate: 0, connections: 1 } }).success).toBe(false);
    expect(parse({ noop: { rate: 1, connections: 200 } }).success).toBe(false);
    expect(parse({ noop: { rate: 10, connections: 5 } }).success).toBe(true);
  });
});

describe("loadLoopFacts", () => {
  it("records the run's loop and each workload's own", () => {
    expect(loadLoopFacts(spec)).toEqual([
      { kind: "load-loop", loop: "closed", inFlight: 8 },
      { kind: "load-loop", workload: "stream", loop: "open", inFlight: 200, rate: 187, corrected: true },
    ]);
  });

  it("leaves the run's own out when every workload has its own", () => {
    const all = runSpecSchema.parse({ workloads: ["stream"], workloadLoads: { stream: { rate: 5, connections: 5 } } });
    expect(loadLoopFacts(all).map((f) => f.workload)).toEqual(["stream"]);
  });
});
