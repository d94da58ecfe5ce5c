import net from "node:net";
import { status as grpcStatus, type ServiceError } from "@grpc/grpc-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getWorkload } from "@relix/core";
import { createGrpcClients } from "@relix/io";
import { databaseUrl, startStack } from "./stack";

/** A loopback port with nothing listening: connections to it are refused at once. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const itemGet = getWorkload("item.get");

describe("a database outage gives 503 / UNAVAILABLE, not a crash", () => {
  let stack: Awaited<ReturnType<typeof startStack>>;
  beforeAll(async () => {
    const port = await closedPort();
    stack = await startStack({ MYSQL_URL: `mysql://root@127.0.0.1:${port}/relix`, SEED_ON_START: "false" });
  });
  afterAll(async () => stack?.close());

  it("REST answers 503 with a JSON error, and /readyz says not ready", async () => {
    const response = await fetch(`${stack.restUrl}/v1/items/1`, { headers: { "x-relix-cache": "cold" } });
    expect(response.status).toBe(503);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("unavailable");
    const ready = await fetch(`${stack.restUrl}/readyz`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { store: boolean }).store).toBe(false);
    // Still alive afterwards.
    expect((await fetch(`${stack.restUrl}/healthz`)).status).toBe(200);
  });

  it("gRPC answers UNAVAILABLE", async () => {
    const clients = createGrpcClients(stack.grpcTarget);
    try {
      await expect(clients.call(itemGet, { id: 1 }, { cacheMode: "cold", delayMs: 0 })).rejects.toMatchObject({
        code: grpcStatus.UNAVAILABLE,
      } satisfies Partial<ServiceError>);
    } finally {
      clients.close();
    }
  });
});

describe("a cache outage never fails a request: it falls back to MySQL and is counted", () => {
  let stack: Awaited<ReturnType<typeof startStack>>;
  beforeAll(async () => {
    const port = await closedPort();
    stack = await startStack({ REDIS_URL: `redis://127.0.0.1:${port}`, MYSQL_URL: databaseUrl("relix_cache_outage") });
  });
  afterAll(async () => stack?.close());

  it("both protocols still answer warm reads, and /metrics counts the cache errors", async () => {
    const viaRest = await fetch(`${stack.restUrl}/v1/items/7`);
    expect(viaRest.status).toBe(200);
    expect(((await viaRest.json()) as { id: number }).id).toBe(7);
    const clients = createGrpcClients(stack.grpcTarget);
    try {
      const viaGrpc = await clients.call(itemGet, { id: 7 });
      expect((viaGrpc.data as { id: number }).id).toBe(7);
    } finally {
      clients.close();
    }
    const restMetrics = await (await fetch(`${stack.restUrl}/metrics`)).text();
    expect(restMetrics).toMatch(/relix_cache_events_total\{event="error",protocol="rest"\} [1-9]/);
    const grpcMetrics = await (await fetch(`${stack.grpcMetricsUrl}/metrics`)).text();
    expect(grpcMetrics).toMatch(/relix_cache_events_total\{event="error",protocol="grpc"\} [1-9]/);
  });
});
