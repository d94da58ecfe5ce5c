import { describe, expect, it } from "vitest";
import { placementProfile, rttTolerance } from "@relix/core";
import { refusalReason } from "./placement-session";
import { kilobytesPerSecond, toxicsFor } from "./placement-toxics";

describe("toxicsFor", () => {
  it("puts half the RTT and half the jitter on each direction, and the bandwidth cap each way in kB/s", () => {
    expect(toxicsFor(placementProfile("mobile"))).toEqual([
      { name: "latency-upstream", type: "latency", stream: "upstream", attributes: { latency: 30, jitter: 5 } },
      { name: "bandwidth-upstream", type: "bandwidth", stream: "upstream", attributes: { rate: 1250 } },
      { name: "latency-downstream", type: "latency", stream: "downstream", attributes: { latency: 30, jitter: 5 } },
      { name: "bandwidth-downstream", type: "bandwidth", stream: "downstream", attributes: { rate: 1250 } },
    ]);
  });

  it("rounds each direction to whole milliseconds (cross-region's 147 ms is 74 + 74)", () => {
    const [up, down] = toxicsFor(placementProfile("cross-region"));
    expect(up!.attributes).toEqual({ latency: 74, jitter: 0 });
    expect(down!.attributes).toEqual({ latency: 74, jitter: 0 });
  });

  it("converts Mbit/s to Toxiproxy's kB/s, never below 1", () => {
    expect(kilobytesPerSecond(10)).toBe(1250);
    expect(kilobytesPerSecond(0.001)).toBe(1);
  });
});

describe("refusalReason", () => {
  it("refuses same-zone even when the proxy's own cost lands inside the tolerance, and says what would reach it", () => {
    const reason = refusalReason(0.5, 0.45, rttTolerance(0.5));
    expect(reason).toMatch(/whole milliseconds/);
    expect(reason).toMatch(/0 and 2 ms/);
    expect(reason).toMatch(/tc netem/);
  });

  it("accepts a reachable target measured within tolerance and refuses one measured outside it", () => {
    expect(refusalReason(20, 21.3, rttTolerance(20))).toBeNull();
    expect(refusalReason(10, 11.2, rttTolerance(10))).toMatch(/11\.2 ms against a 10 ms target/);
  });
});
