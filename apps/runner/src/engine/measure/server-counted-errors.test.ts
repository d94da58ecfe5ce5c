import { describe, expect, it } from "vitest";
import type { ClientRecord } from "@relix/core";
import { serverCountedFailures } from "./server-counted-errors";

const grpcSide: ClientRecord = {
  mode: "equal",
  program: "h2load",
  http: "2",
  errorsCountedBy: "server-counters",
  flowControl: { streamWindowBytes: 65_535, connectionWindowBytes: 65_535 },
  requestsSent: "first-request",
};

describe("failures only the server saw", () => {
  it("leave a side whose client reads its own statuses alone", () => {
    expect(serverCountedFailures(undefined, 100, { requests: 120, failed: 5 })).toBeNull();
    expect(
      serverCountedFailures({ ...grpcSide, http: "1.1", errorsCountedBy: "http-status", flowControl: null }, 100, {
        requests: 120,
        failed: 5,
      }),
    ).toBeNull();
  });

  it("are scaled to the window's share of the server's calls, rounded up, and recorded", () => {
    expect(serverCountedFailures(grpcSide, 100, { requests: 200, failed: 3 })).toEqual({
      failedInWindow: 2,
      client: { ...grpcSide, serverCounted: { calls: 200, failed: 3 } },
    });
    // One failure among many is still one: never a success.
    expect(serverCountedFailures(grpcSide, 100, { requests: 10_000, failed: 1 })!.failedInWindow).toBe(1);
    // Every call failed: every call of the window is an error, never more.
    expect(serverCountedFailures(grpcSide, 100, { requests: 130, failed: 130 })!.failedInWindow).toBe(100);
    expect(serverCountedFailures(grpcSide, 0, { requests: 0, failed: 0 })!.failedInWindow).toBe(0);
  });
});
