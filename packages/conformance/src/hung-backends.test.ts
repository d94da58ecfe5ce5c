import path from "node:path";
import * as grpcJs from "@grpc/grpc-js";
import * as protoLoader from "@grpc/proto-loader";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getWorkload } from "@relix/core";
import { createGrpcClients } from "@relix/io";
import { createTcpProxy, type TcpProxy } from "@relix/io/data/testing/tcp-proxy";
import { MYSQL_QUERY_TIMEOUT_MS } from "@relix/io/repository/mysql-store";
import { httpStackIds, stackRequest } from "./http-stack-client";
import { databaseUrl, startStack, type Stack } from "./stack";

/** /readyz must answer within two seconds whatever a store does; this allows for a busy 2-core machine. */
const READYZ_WITHIN_MS = 2_500;
/** A data request waits at most the query timeout (waiting for a connection included), plus scheduling. */
const DATA_WITHIN_MS = MYSQL_QUERY_TIMEOUT_MS + 2_000;

interface HealthClient extends grpcJs.Client {
  Check(
    request: { service: string },
    options: grpcJs.CallOptions,
    callback: (error: grpcJs.ServiceError | null, reply: { status: string }) => void,
  ): grpcJs.ClientUnaryCall;
}

function healthClient(target: string): HealthClient {
  const proto = path.join(
    path.dirname(new URL(import.meta.resolve("grpc-health-check/package.json")).pathname),
    "proto/health/v1/health.proto",
  );
  const loaded = grpcJs.loadPackageDefinition(protoLoader.loadSync(proto, { enums: String })) as unknown as {
    grpc: { health: { v1: { Health: new (target: string, credentials: grpcJs.ChannelCredentials) => HealthClient } } };
  };
  return new loaded.grpc.health.v1.Health(target, grpcJs.credentials.createInsecure());
}

const healthStatus = (client: HealthClient) =>
  new Promise<string>((resolve, reject) =>
    client.Check({ service: "" }, { deadline: Date.now() + 1_000 }, (error, reply) =>
      error ? reject(error) : resolve(reply.status),
    ),
  );

/** Polls `read` until it gives `wanted`: at most `attempts` times, 200 ms apart. Returns the last value. */
async function pollUntil<T>(read: () => Promise<T>, wanted: T, attempts: number): Promise<T> {
  let value = await read();
  for (let attempt = 1; attempt < attempts && value !== wanted; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    value = await read();
  }
  return value;
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

/** A proxy in front of the server of `url`, and the same URL pointing at the proxy. */
async function proxied(url: string): Promise<{ proxy: TcpProxy; url: string }> {
  const target = new URL(url);
  const proxy = await createTcpProxy({ host: target.hostname, port: Number(target.port) });
  target.hostname = "127.0.0.1";
  target.port = String(proxy.port);
  return { proxy, url: target.toString() };
}

const readyz = (stack: Stack) =>
  Promise.all(
    httpStackIds.map(async (id) => {
      const { value: response, ms } = await timed(() => stackRequest(stack, id, { method: "GET", path: "/readyz" }));
      return { id, ms, status: response.status, body: JSON.parse(response.body.toString("utf8")) as object };
    }),
  );

describe("a hung Redis or MySQL: readiness says so within two seconds, requests are answered, nothing piles up", () => {
  let stack: Stack;
  let mysql: TcpProxy;
  let redis: TcpProxy;
  let health: HealthClient;

  beforeAll(async () => {
    const viaMysql = await proxied(databaseUrl("relix_hung_backends"));
    const viaRedis = await proxied(process.env.REDIS_URL!);
    mysql = viaMysql.proxy;
    redis = viaRedis.proxy;
    stack = await startStack({ MYSQL_URL: viaMysql.url, REDIS_URL: viaRedis.url });
    health = healthClient(stack.grpcTarget);
    expect(await pollUntil(() => healthStatus(health), "SERVING", 25)).toBe("SERVING");
  });
  afterAll(async () => {
    // Let whatever waits on a stalled connection finish, so the pools close.
    mysql?.stall(false);
    redis?.stall(false);
    health?.close();
    await stack?.close();
    await Promise.all([mysql?.stop(), redis?.stop()]);
  });

  it("MySQL hangs: /readyz is 503 on every HTTP stack within 2 s, health NOT_SERVING, reads 503 / UNAVAILABLE", async () => {
    mysql.stall(true);
    try {
      // Twice, and many at once the second time: a check never waits behind a ping still hung.
      for (const round of [1, 2]) {
        const answers = (await Promise.all(Array.from({ length: round === 1 ? 1 : 5 }, () => readyz(stack)))).flat();
        for (const { id, ms, status, body } of answers) {
          expect(status, `${id} /readyz, round ${round}`).toBe(503);
          expect(body, id).toMatchObject({ status: "not ready", store: false, cache: true });
          expect(ms, `${id} /readyz took ${Math.round(ms)} ms, round ${round}`).toBeLessThan(READYZ_WITHIN_MS);
        }
      }
      // The tracker checks every 2 s and a check answers within 1.5 s.
      expect(await pollUntil(() => healthStatus(health), "NOT_SERVING", 25)).toBe("NOT_SERVING");

      // Reads that must reach MySQL (cold: no cache) are answered, not left hanging.
      const itemGet = getWorkload("item.get");
      const clients = createGrpcClients(stack.grpcTarget);
      try {
        const [rest, node, grpc] = await Promise.all([
          timed(() => fetch(`${stack.restUrl}/v1/items/3`, { headers: { "x-relix-cache": "cold" } })),
          timed(() =>
            stackRequest(stack, "node", { method: "GET", path: "/v1/items/4", headers: { "x-relix-cache": "cold" } }),
          ),
          timed(() =>
            clients.call(itemGet, { id: 5 }, { cacheMode: "cold", delayMs: 0 }).then(
              () => grpcJs.status.OK,
              (error: grpcJs.ServiceError) => error.code,
            ),
          ),
        ]);
        expect(rest.value.status).toBe(503);
        expect(((await rest.value.json()) as { error: { code: string } }).error.code).toBe("unavailable");
        expect(node.value.status).toBe(503);
        expect(grpcJs.status[grpc.value]).toBe("UNAVAILABLE");
        for (const { ms } of [rest, node, grpc]) expect(ms).toBeLessThan(DATA_WITHIN_MS);
      } finally {
        clients.close();
      }
    } finally {
      mysql.stall(false);
    }

    // And back once MySQL answers again.
    const ready = await pollUntil(async () => (await fetch(`${stack.restUrl}/readyz`)).status, 200, 50);
    expect(ready).toBe(200);
    expect(await pollUntil(() => healthStatus(health), "SERVING", 25)).toBe("SERVING");
  });

  it("Redis hangs: /readyz is 503 within 2 s, and reads fall back to MySQL at once", async () => {
    redis.stall(true);
    try {
      for (const { id, ms, status, body } of await readyz(stack)) {
        expect(status, `${id} /readyz`).toBe(503);
        expect(body, id).toMatchObject({ status: "not ready", cache: false, store: true });
        expect(ms, `${id} /readyz took ${Math.round(ms)} ms`).toBeLessThan(READYZ_WITHIN_MS);
      }
      const { value: read, ms } = await timed(() => fetch(`${stack.restUrl}/v1/items/6`));
      expect(read.status).toBe(200);
      expect(ms, "a warm read waits out Redis's command timeout (500 ms) at most").toBeLessThan(READYZ_WITHIN_MS);
    } finally {
      redis.stall(false);
    }
    const ready = await pollUntil(async () => (await fetch(`${stack.restUrl}/readyz`)).status, 200, 50);
    expect(ready).toBe(200);
  });
});
