import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getWorkload } from "@relix/core";
import { callRest, createGrpcClients, type GrpcClients } from "@relix/io";
import { databaseUrl, startStack, type Stack } from "./stack";

let stack: Stack;
let grpc: GrpcClients;

beforeAll(async () => {
  stack = await startStack({ MYSQL_URL: databaseUrl("relix_memory_cache") });
  grpc = createGrpcClients(stack.grpcTarget);
});
afterAll(async () => {
  grpc?.close();
  await stack?.close();
});

async function counter(url: string, name: string, event: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const match = new RegExp(`^${name}\\{[^}]*event="${event}"[^}]*\\} (\\d+)`, "m").exec(text);
  return match ? Number(match[1]) : 0;
}

describe("cache mode memory", () => {
  it("serves reads from the API process after the first, without touching Redis, on both APIs", async () => {
    const workload = getWorkload("meteorites.get");
    const ctx = { cacheMode: "memory" as const, delayMs: 0 };
    for (const [side, metricsUrl] of [
      ["rest", stack.restUrl],
      ["grpc", stack.grpcMetricsUrl],
    ] as const) {
      const redisBefore = {
        hit: await counter(metricsUrl, "relix_cache_events_total", "hit"),
        miss: await counter(metricsUrl, "relix_cache_events_total", "miss"),
      };
      const call = () =>
        side === "rest"
          ? callRest(stack.restUrl, workload, {}, ctx).then((r) => r.data)
          : grpc.call(workload, {}, ctx).then((r) => r.data);
      const answers = [await call(), await call(), await call()];
      expect(answers[2], side).toEqual(answers[0]);
      expect(await counter(metricsUrl, "relix_memory_cache_events_total", "miss"), side).toBe(1);
      expect(await counter(metricsUrl, "relix_memory_cache_events_total", "hit"), side).toBe(2);
      expect(
        {
          hit: await counter(metricsUrl, "relix_cache_events_total", "hit"),
          miss: await counter(metricsUrl, "relix_cache_events_total", "miss"),
        },
        `${side}: Redis is not read in memory mode`,
      ).toEqual(redisBefore);
      const stats = (await (await fetch(`${metricsUrl}/stats`)).json()) as { cache: { hit: number; miss: number } };
      expect(stats.cache.hit, `${side}: memory hits count in the hit ratio`).toBeGreaterThanOrEqual(2);
    }
  });
});
