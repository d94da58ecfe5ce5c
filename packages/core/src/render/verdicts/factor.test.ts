import { describe, expect, it } from "vitest";
import { estimateText, intervalText, sideFactor } from "./factor";

const ci = (estimate: number, low: number, high: number, ratio: "rest/grpc" | "grpc/rest" = "rest/grpc") => ({
  ratio,
  estimate,
  low,
  high,
  degenerate: false,
});

describe("one way of writing a ratio", () => {
  it("names the faster side with a factor above 1, whichever way the ratio was taken", () => {
    expect(estimateText(ci(1.49, 1.3, 1.7))).toBe("gRPC 1.49x");
    // REST p50 / gRPC p50 of 0.77: REST answered sooner, by 1/0.77.
    expect(estimateText(ci(0.77, 0.6, 0.97))).toBe("REST 1.30x");
    // A throughput ratio is gRPC / REST: above 1, gRPC served more.
    expect(estimateText(ci(1.25, 1.1, 1.4, "grpc/rest"))).toBe("gRPC 1.25x");
    expect(estimateText(ci(0.8, 0.7, 0.9, "grpc/rest"))).toBe("REST 1.25x");
    expect(sideFactor(0.5)).toEqual({ side: "rest", factor: 2 });
  });

  it("writes an interval on one side in that side's factor, low to high, and names both ends when it spans parity", () => {
    expect(intervalText(ci(1.49, 1.3, 1.7))).toBe("[1.30-1.70]");
    expect(intervalText(ci(0.77, 0.6, 0.97))).toBe("[1.03-1.67]");
    expect(intervalText(ci(1.32, 0.85, 2.06))).toBe("[REST 1.18x – gRPC 2.06x]");
    expect(intervalText({ ...ci(0.45, 0.45, 0.45), degenerate: true })).toBe("");
  });
});
