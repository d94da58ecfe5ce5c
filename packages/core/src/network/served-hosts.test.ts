import { describe, expect, it } from "vitest";
import { hostNameOf, isServedHost, servedHostNames } from "./served-hosts";

describe("hostNameOf", () => {
  it("takes the name of every form a Host header has, lower-cased, IPv6 in brackets", () => {
    expect(hostNameOf("LocalHost:3000")).toBe("localhost");
    expect(hostNameOf("127.0.0.1")).toBe("127.0.0.1");
    expect(hostNameOf("[::1]:4000")).toBe("[::1]");
    expect(hostNameOf("::1")).toBe("[::1]");
    expect(hostNameOf("relix.example:65535")).toBe("relix.example");
  });

  it("is null for what is not a host", () => {
    for (const text of ["", "http://relix.example", "a b", "user@relix.example", "relix.example:port", "[::1"]) {
      expect(hostNameOf(text), text).toBeNull();
    }
  });
});

describe("isServedHost", () => {
  const served = servedHostNames(["runner", "Relix.Example:8443", "0.0.0.0", "::"]);

  it("answers every loopback spelling and the configured names, at any port", () => {
    expect([...served]).toEqual(["runner", "relix.example"]);
    for (const host of [
      "localhost:3000",
      "127.0.0.1",
      "127.0.0.2:4000",
      "[::1]:4000",
      "runner:4000",
      "RELIX.example",
    ]) {
      expect(isServedHost(host, served), host).toBe(true);
    }
  });

  it("refuses a rebinding page's name and names that only look like ours", () => {
    for (const host of [
      "rebind.example:4000",
      "localhost.rebind.example",
      "127.0.0.1.nip.io",
      "runner.evil",
      "0.0.0.0:4000",
    ]) {
      expect(isServedHost(host, served), host).toBe(false);
    }
  });

  it("lets a request without a Host header through: no browser sends one", () => {
    expect(isServedHost(undefined, served)).toBe(true);
    expect(isServedHost(null, served)).toBe(true);
  });
});
