import { describe, expect, it } from "vitest";
import { hostPort, isLoopbackHost, loopbackAddress } from "./loopback";

describe("loopback hosts", () => {
  it.each([
    ["127.0.0.1", "127.0.0.1"],
    ["127.0.0.2", "127.0.0.2"],
    ["127.255.255.254", "127.255.255.254"],
    ["localhost", "127.0.0.1"],
    ["::1", "::1"],
    ["[::1]", "::1"],
  ])("%s is loopback, connected to as %s", (host, address) => {
    expect(loopbackAddress(host)).toBe(address);
    expect(isLoopbackHost(host)).toBe(true);
  });

  it.each([
    "10.0.0.1",
    "example.com",
    "0.0.0.0",
    "128.0.0.1",
    "127.1",
    "127.0.0.01",
    "127.0.0.256",
    "0x7f000001",
    "2130706433",
    "LOCALHOST.",
    "localhost.example.com",
    "::ffff:127.0.0.1",
    "",
  ])("%s is not", (host) => {
    expect(loopbackAddress(host)).toBeNull();
    expect(isLoopbackHost(host)).toBe(false);
  });

  it("writes IPv6 in brackets in a URL or target, IPv4 as it is", () => {
    expect(hostPort("127.0.0.1", 50051)).toBe("127.0.0.1:50051");
    expect(hostPort("::1", 50051)).toBe("[::1]:50051");
    expect(hostPort("[::1]", 8080)).toBe("[::1]:8080");
  });
});
