import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import * as grpcJs from "@grpc/grpc-js";
import * as protoLoader from "@grpc/proto-loader";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workloads } from "@relix/core";
import { PEAK_RSS_RESET_HEADER } from "@relix/io/telemetry/peak-rss-reset";
import { httpStackIds, stackRequest, type RawRequest, type RawResponse } from "./http-stack-client";
import { databaseUrl, startStack, type Stack } from "./stack";

const run = promisify(execFile);

/** The part of grpc.health.v1 this test calls, as grpc-js loads it from the package's proto. */
interface HealthPackage {
  grpc: { health: { v1: { Health: new (target: string, credentials: grpcJs.ChannelCredentials) => HealthClient } } };
}
interface HealthClient extends grpcJs.Client {
  Check(
    request: { service: string },
    callback: (error: grpcJs.ServiceError | null, reply: { status: string }) => void,
  ): grpcJs.ClientUnaryCall;
}

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ MYSQL_URL: databaseUrl("relix_operations") });
});
afterAll(async () => stack?.close());

/** One request to the gRPC API's HTTP/1.1 side port, answered as the stacks' client answers. */
async function sideRequest(baseUrl: string, request: RawRequest): Promise<RawResponse> {
  const response = await fetch(`${baseUrl}${request.path}`, { method: request.method, headers: request.headers });
  return {
    status: response.status,
    contentType: response.headers.get("content-type") ?? "",
    body: Buffer.from(await response.arrayBuffer()),
  };
}

function ghzBinary(): string {
  const candidates = [process.env.GHZ_BIN, path.join(os.homedir(), "go", "bin", "ghz"), "/usr/local/bin/ghz"].filter(
    Boolean,
  ) as string[];
  return candidates.find((c) => existsSync(c)) ?? "ghz";
}

describe("operations", () => {
  it("a gRPC client using server reflection gets the same item as curl gets over REST", async () => {
    // ghz is given no .proto file: it can only learn relix.v1 through reflection.
    const { stdout } = await run(ghzBinary(), [
      "--insecure",
      "--call",
      "relix.v1.CatalogService.GetItem",
      "-d",
      '{"id": 5}',
      "-n",
      "1",
      "--format",
      "json",
      stack.grpcTarget,
    ]);
    const report = JSON.parse(stdout) as { statusCodeDistribution: Record<string, number> };
    expect(report.statusCodeDistribution).toEqual({ OK: 1 });
  });

  it("grpc.health.v1.Health reports SERVING", async () => {
    const definition = protoLoader.loadSync(
      path.join(path.dirname(require_resolve_health()), "proto", "health", "v1", "health.proto"),
      { enums: String },
    );
    const { Health } = (grpcJs.loadPackageDefinition(definition) as unknown as HealthPackage).grpc.health.v1;
    const client = new Health(stack.grpcTarget, grpcJs.credentials.createInsecure());
    // Readiness is refreshed on a timer; allow it one tick.
    let status = "";
    for (let attempt = 0; attempt < 20 && status !== "SERVING"; attempt++) {
      status = await new Promise<string>((resolve, reject) =>
        client.Check({ service: "" }, (error, reply) => (error ? reject(error) : resolve(reply.status))),
      );
      if (status !== "SERVING") await new Promise((r) => setTimeout(r, 200));
    }
    client.close();
    expect(status).toBe("SERVING");
  });

  it("/healthz and /readyz answer, and /metrics counts cache hits after warm reads", async () => {
    expect((await fetch(`${stack.restUrl}/healthz`)).status).toBe(200);
    const ready = await fetch(`${stack.restUrl}/readyz`);
    expect(ready.status).toBe(200);
    for (let i = 0; i < 3; i++) await fetch(`${stack.restUrl}/v1/items/3`);
    const metrics = await (await fetch(`${stack.restUrl}/metrics`)).text();
    const hits = Number(/relix_cache_events_total\{[^}]*event="hit"[^}]*\} (\d+)/.exec(metrics)?.[1]);
    expect(hits).toBeGreaterThanOrEqual(2);
    expect(metrics).toContain("relix_server_duration_seconds_bucket");
  });

  it("the OpenAPI document lists every route of the catalog", async () => {
    const document = (await (await fetch(`${stack.restUrl}/openapi.json`)).json()) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(document.openapi).toMatch(/^3\./);
    for (const workload of workloads) {
      const route = workload.rest.route.replace(/:(\w+)/g, "{$1}");
      expect(document.paths[route]?.[workload.rest.method.toLowerCase()], `${workload.id} at ${route}`).toBeDefined();
    }
    // The lists' record count, with the bounds the routes enforce and what an absent one means.
    for (const route of ["/v1/items", "/v1/streams/items"]) {
      const { parameters } = document.paths[route]!.get as { parameters: Array<Record<string, unknown>> };
      expect(
        parameters.find((p) => p.name === "limit"),
        route,
      ).toEqual({
        name: "limit",
        in: "query",
        required: false,
        schema: expect.objectContaining({
          type: "integer",
          minimum: 1,
          maximum: 10_000,
          description: expect.stringContaining("100 when absent") as unknown,
        }) as unknown,
      });
    }
  });

  it("every stack starts a new peak-RSS window only on the runner's POST, never on a GET", async () => {
    const servers: Array<readonly [string, (request: RawRequest) => Promise<RawResponse>]> = [
      ...httpStackIds.map((id) => [id, (request: RawRequest) => stackRequest(stack, id, request)] as const),
      ["the gRPC API's side port", (request: RawRequest) => sideRequest(stack.grpcMetricsUrl, request)],
    ];
    for (const [server, send] of servers) {
      const peakSince = async () => {
        const response = await send({ method: "GET", path: "/stats" });
        expect(response.status, server).toBe(200);
        return (JSON.parse(response.body.toString("utf8")) as { rss: { peakSinceMs: number } }).rss.peakSinceMs;
      };
      const before = await peakSince();
      // The window's start is in ms: let the clock move, so a reset would show.
      await new Promise((resolve) => setTimeout(resolve, 5));

      // What any page could make a browser send: a GET with the old flag, a POST without the header.
      const asGet = await send({ method: "GET", path: "/stats?resetPeakRss=1" });
      expect(asGet.status, server).toBe(200);
      const bare = await send({ method: "POST", path: "/stats" });
      expect(bare.status, server).toBe(403);
      expect(JSON.parse(bare.body.toString("utf8")), server).toEqual({
        error: { code: "forbidden", message: expect.stringContaining(PEAK_RSS_RESET_HEADER) },
      });
      expect(await peakSince(), `${server}: not reset`).toBe(before);

      // The runner's call: the snapshot as it was, then a window that covers only what came after.
      const asked = Date.now();
      const reset = await send({ method: "POST", path: "/stats", headers: { [PEAK_RSS_RESET_HEADER]: "1" } });
      expect(reset.status, server).toBe(200);
      expect(JSON.parse(reset.body.toString("utf8")).rss.peakSinceMs, server).toBe(before);
      expect(await peakSince(), `${server}: reset`).toBeGreaterThanOrEqual(asked);
    }
  });

  it("both servers count wire bytes at their sockets", async () => {
    await fetch(`${stack.restUrl}/v1/items/1`);
    const restStats = (await (await fetch(`${stack.restUrl}/stats`)).json()) as {
      wire: { bytesReceived: number; bytesSent: number };
    };
    expect(restStats.wire.bytesReceived).toBeGreaterThan(0);
    expect(restStats.wire.bytesSent).toBeGreaterThan(0);
  });
});

function require_resolve_health(): string {
  return new URL(import.meta.resolve("grpc-health-check/package.json")).pathname;
}
