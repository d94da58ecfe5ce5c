import { describe, expect, it } from "vitest";
import { linkMiss } from "./packet-emulator";

describe("when a packet link is held to its placement", () => {
  it("passes a link whose round trip and connect are both within the tolerance", () => {
    expect(linkMiss({ rttMs: 0.52, connectMs: 0.53 }, 0.5, 0.05)).toBeNull();
    expect(linkMiss({ rttMs: 147.4, connectMs: null }, 147, 14.7)).toBeNull();
  });

  it("refuses a link whose connect misses though its round trip holds: the handshake is what per-request calls pay", () => {
    expect(linkMiss({ rttMs: 0.51, connectMs: 0.62 }, 0.5, 0.05)).toBe(
      "across the packet link a TCP connect (one round trip) took 0.62 ms",
    );
  });

  it("names both when both miss", () => {
    expect(linkMiss({ rttMs: 0.7, connectMs: 0.8 }, 0.5, 0.05)).toBe(
      "across the packet link a round trip took 0.7 ms and a TCP connect (one round trip) took 0.8 ms",
    );
  });
});
