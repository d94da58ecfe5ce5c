/**
 * The relix-load driver against the real program (native/load-client, built by the install
 * script) and throwaway node:http and node:http2 servers on 127.0.0.1: what the engine gets back.
 */
import http from "node:http";
import http2 from "node:http2";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { locateTool, toolPath } from "@relix/io/backends";
import { getFreePort } from "@relix/io/backends";
import { RELIX_LOAD_EXECUTABLE, relixLoadVersion } from "./relix-load-binary";
import { runRelixLoad } from "./run-relix-load";

let bin: string;
let h1: http.Server;
let h1Url: string;
let h2: http2.Http2Server;
let h2Url: string;
const h1Paths: string[] = [];

beforeAll(async () => {
  bin = toolPath(await locateTool(RELIX_LOAD_EXECUTABLE, process.env));
  h1 = http.createServer((req, res) => {
    h1Paths.push(req.url ?? "");
    const status = /^\/status\/(\d{3})/.exec(req.url ?? "")?.[1];
    res.writeHead(status ? Number(status) : 200, { "content-type": "text/plain" });
    res.end("ok");
  });
  await new Promise<void>((resolve) => h1.listen(0, "127.0.0.1", resolve));
  h1Url = `http://127.0.0.1:${(h1.address() as AddressInfo).port}`;
  // A gRPC-shaped answer: 200, application/grpc, one empty message, then grpc-status in trailers.
  h2 = http2.createServer();
  h2.on("stream", (stream, headers) => {
    const code = /^\/fail\/(\d+)/.exec(String(headers[":path"]))?.[1] ?? "0";
    stream.on("data", () => {});
    stream.on("end", () => {
      stream.respond({ ":status": 200, "content-type": "application/grpc" }, { waitForTrailers: true });
      stream.on("wantTrailers", () => stream.sendTrailers({ "grpc-status": code, "grpc-message": "no%20luck" }));
      stream.end(Buffer.from([0, 0, 0, 0, 0]));
    });
  });
  await new Promise<void>((resolve) => h2.listen(0, "127.0.0.1", resolve));
  h2Url = `http://127.0.0.1:${(h2.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => h1?.close(resolve));
  await new Promise((resolve) => h2?.close(resolve));
});

const grpcCall = (path: string) => ({
  method: "POST",
  path,
  headers: { "content-type": "application/grpc", te: "trailers" },
  body: Buffer.from([0, 0, 0, 0, 0]),
});

describe("relix-load driver against the real program", () => {
  it("reports its version", async () => {
    expect(await relixLoadVersion(bin)).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("count mode over HTTP/1.1: every call of the key sequence once per turn, statuses as codes, CPU measured", async () => {
    h1Paths.length = 0;
    const result = await runRelixLoad({
      url: h1Url,
      requests: [
        { method: "GET", path: "/a" },
        { method: "GET", path: "/b" },
        { method: "GET", path: "/status/404" },
      ],
      protocol: "h1",
      connections: 2,
      inFlight: 2,
      total: 30,
      durationMs: 20_000,
      timeoutMs: 5_000,
      relixLoadBin: bin,
    });
    expect(result.samples).toHaveLength(30);
    expect(h1Paths.filter((p) => p === "/a")).toHaveLength(10);
    expect(h1Paths.filter((p) => p === "/b")).toHaveLength(10);
    expect(result.samples.filter((s) => s.code === "404" && !s.ok)).toHaveLength(10);
    expect(result.samples.filter((s) => s.code === "200" && s.ok)).toHaveLength(20);
    expect(result.summary).toMatchObject({ started: 30, done: 30, dropped: 0 });
    expect(result.facts.filter((f) => f.kind !== "cpu-lower-bound")).toEqual([]);
    expect(result.toolCpuMs).toBeGreaterThanOrEqual(0);
    const ends = result.samples.map((s) => s.endMs);
    expect(ends).toEqual([...ends].sort((a, b) => a - b));
  });

  it("reads each gRPC call's status from its trailers: OK a success, anything else an error by name", async () => {
    const result = await runRelixLoad({
      url: h2Url,
      requests: [grpcCall("/ok"), grpcCall("/fail/13")],
      protocol: "h2c",
      grpc: true,
      connections: 1,
      inFlight: 4,
      total: 40,
      durationMs: 20_000,
      timeoutMs: 5_000,
      relixLoadBin: bin,
    });
    expect(result.samples).toHaveLength(40);
    expect(result.samples.filter((s) => s.code === "OK" && s.ok)).toHaveLength(20);
    expect(result.samples.filter((s) => s.code === "INTERNAL" && !s.ok)).toHaveLength(20);
    expect(result.summary?.messages?.INTERNAL).toBe("no luck");
  });

  it("paces an open loop: about the rate asked for, each call timed from its due time too", async () => {
    const result = await runRelixLoad({
      url: h1Url,
      requests: [{ method: "GET", path: "/a" }],
      protocol: "h1",
      connections: 2,
      inFlight: 2,
      rate: 100,
      durationMs: 1_000,
      timeoutMs: 5_000,
      relixLoadBin: bin,
    });
    // 100 calls/s for 1 s: one due every 10 ms (a loaded machine may send a few late, never early).
    expect(result.samples.length).toBeGreaterThanOrEqual(90);
    expect(result.samples.length).toBeLessThanOrEqual(101);
    for (const sample of result.samples) expect(sample.fromDueLatencyUs).toBeGreaterThanOrEqual(sample.latencyUs - 1);
  });

  it("ends with a named error when nothing listens at the target, never a hang", async () => {
    const port = await getFreePort();
    await expect(
      runRelixLoad({
        url: `http://127.0.0.1:${port}`,
        requests: [{ method: "GET", path: "/a" }],
        protocol: "h1",
        connections: 1,
        inFlight: 1,
        durationMs: 1_000,
        timeoutMs: 2_000,
        relixLoadBin: bin,
      }),
    ).rejects.toThrow(/relix-load exited with 3: .*cannot connect to 127\.0\.0\.1:\d+/);
  });

  it("refuses a target off this machine before starting anything", async () => {
    await expect(
      runRelixLoad({
        url: "http://192.0.2.1:80",
        requests: [{ method: "GET", path: "/a" }],
        protocol: "h1",
        connections: 1,
        inFlight: 1,
        durationMs: 1_000,
        timeoutMs: 1_000,
        relixLoadBin: bin,
      }),
    ).rejects.toThrow(/not loopback/);
  });
});
