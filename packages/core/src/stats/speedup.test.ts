import { describe, expect, it } from "vitest";
import { speedupCI } from "./speedup";

describe("speedupCI", () => {
  it("is > 1 when gRPC has the lower latency", () => {
    const ci = speedupCI("p50", [1.4, 1.4], [1.0, 1.0]);
    expect(ci.estimate).toBeCloseTo(1.4, 12);
    expect(ci.ratio).toBe("rest/grpc");
  });

  it("is > 1 when gRPC has the higher throughput", () => {
    const ci = speedupCI("rps", [10_000, 10_000], [13_000, 13_000]);
    expect(ci.estimate).toBeCloseTo(1.3, 12);
    expect(ci.ratio).toBe("grpc/rest");
  });

  it("is < 1 when REST does better, for latency and throughput alike", () => {
    expect(speedupCI("p99", [5, 5], [6, 6]).estimate).toBeLessThan(1);
    expect(speedupCI("rps", [12_000, 12_000], [10_000, 10_000]).estimate).toBeLessThan(1);
  });
});
