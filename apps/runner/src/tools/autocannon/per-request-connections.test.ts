import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runAutocannon } from "./run-autocannon";

/** A server that answers every request and notes when it accepted each TCP connection. */
let server: Server;
let url = "";
let acceptedAtMs: number[] = [];
let requestsSeen = 0;

beforeAll(async () => {
  server = createServer((_req, res) => {
    requestsSeen++;
    res.end("ok");
  });
  server.on("connection", () => acceptedAtMs.push(performance.timeOrigin + performance.now()));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  acceptedAtMs = [];
  requestsSeen = 0;
});

const spans = (r: Awaited<ReturnType<typeof runAutocannon>>) =>
  r.samples
    .map((s) => ({ end: r.startedAtMs + s.endMs, start: r.startedAtMs + s.endMs - s.latencyUs / 1000 }))
    .sort((a, b) => a.end - b.end);

describe("REST connection policy", { timeout: 30_000 }, () => {
  it("per-request: the server accepts one TCP connection per request, and every response arrives", async () => {
    const r = await runAutocannon({
      url,
      requests: [{ method: "GET", path: "/noop" }],
      connections: 4,
      durationMs: 500,
      connection: "per-request",
    });
    // Dozens of calls on a quiet machine; a few on two loaded cores (47 once) still show every one arriving.
    expect(r.samples.length).toBeGreaterThan(10);
    expect(r.samples.every((s) => s.ok)).toBe(true);
    expect(r.samples.length).toBe(r.requestsSent);
    expect(requestsSeen).toBe(r.requestsSent);
    expect(acceptedAtMs.length).toBe(r.requestsSent);
  });

  it("per-request: each request's latency starts before its connection was accepted (the connect is inside)", async () => {
    const r = await runAutocannon({
      url,
      requests: [{ method: "GET", path: "/noop" }],
      connections: 1,
      amount: 200,
      durationMs: 10_000,
      connection: "per-request",
    });
    const calls = spans(r);
    expect(calls.length).toBe(200);
    expect(acceptedAtMs.length).toBe(200);
    // One connection at a time: the i-th call is the i-th connection. A call's end is stamped a
    // moment after its latency is taken, so a pause of this process in between (GC, a busy core)
    // moves its computed start later: a few calls may miss, not most.
    const connectInside = calls.filter((call, i) => call.start < acceptedAtMs[i]! && call.end > acceptedAtMs[i]!);
    expect(connectInside.length).toBeGreaterThanOrEqual(0.9 * calls.length);
  });

  it("keep-alive (default): one connection carries every call, so later calls start after its accept", async () => {
    const r = await runAutocannon({
      url,
      requests: [{ method: "GET", path: "/noop" }],
      connections: 1,
      amount: 200,
      durationMs: 10_000,
    });
    const calls = spans(r);
    expect(calls.length).toBe(200);
    expect(acceptedAtMs.length).toBe(1);
    expect(calls.slice(1).every((call) => call.start > acceptedAtMs[0]!)).toBe(true);
  });

  it("rejects a policy it does not know and per-request with pipelining", async () => {
    const base = { url, requests: [{ method: "GET", path: "/" }], connections: 1, durationMs: 100 };
    // @ts-expect-error: not a policy
    await expect(runAutocannon({ ...base, connection: "sometimes" })).rejects.toThrow(/keep-alive or per-request/);
    await expect(runAutocannon({ ...base, connection: "per-request", pipelining: 2 })).rejects.toThrow(/pipelining 1/);
  });
});
