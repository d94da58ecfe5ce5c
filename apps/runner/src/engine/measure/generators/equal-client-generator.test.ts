import { describe, expect, it } from "vitest";
import { defaultWorkloadParams, getWorkload } from "@relix/core";
import { buildH2loadArgs } from "../../../tools/h2load";
import { equalRequestsOf } from "./equal-client-generator";

describe("equal clients: what h2load is given", () => {
  it("sends the whole key sequence where every call's body is the same, else the first request on every side", () => {
    const echo = getWorkload("echo");
    const echoRequests = echo.requests(defaultWorkloadParams);
    expect(equalRequestsOf(echo, echoRequests)).toEqual({ requests: echoRequests, sent: "key-sequence" });
    const item = getWorkload("item.get");
    const keys = item.requests({ ...defaultWorkloadParams, keyCount: 5 });
    expect(keys.length).toBeGreaterThan(1);
    expect(equalRequestsOf(item, keys)).toEqual({ requests: [keys[0]], sent: "first-request" });
  });

  it("speaks HTTP/1.1 with --h1, and offers the HTTP/2 windows it is given with -w and -W", () => {
    const files = { urisFile: "u", logFile: "l", bodyFile: "b" };
    const base = {
      url: "http://127.0.0.1:8080",
      requests: [{ method: "GET", path: "/v1/items/1" }],
      clients: 4,
      streams: 1,
      durationMs: 1_000,
    };
    expect(buildH2loadArgs({ ...base, http1: true }, files)).toContain("--h1");
    const h2 = buildH2loadArgs({ ...base, windowBits: { stream: 16, connection: 16 } }, files);
    expect(h2).not.toContain("--h1");
    expect(h2.join(" ")).toContain("-w 16 -W 16");
    expect(() => buildH2loadArgs({ ...base, windowBits: { stream: 31, connection: 16 } }, files)).toThrow(/window/);
  });
});
