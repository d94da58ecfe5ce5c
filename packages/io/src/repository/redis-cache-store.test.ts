import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getFreePort } from "../backends/free-port";
import { createTcpProxy, type TcpProxy } from "../data/testing/tcp-proxy";
import type { CacheStore } from "./cache-store";
import { createRedisCacheStore, reconnectDelay } from "./redis-cache-store";

const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL) console.warn("REDIS_URL is not set (the root vitest global setup sets it): skipping Redis tests");

// "Fails fast": well short of the 500 ms a command waits for a hung Redis, with room for a busy
// moment of this shared machine (other test files run beside this one).
const FAST_MS = 250;
const prefix = `relix-test:${randomBytes(4).toString("hex")}:`;
const elapsed = async (work: () => Promise<unknown>) => {
  const started = performance.now();
  await work().catch(() => undefined);
  return performance.now() - started;
};
const eventually = async (check: () => Promise<unknown>, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
};

describe("reconnectDelay", () => {
  it("backs off exponentially, is capped, and never gives up", () => {
    expect([1, 2, 3, 4].map((n) => reconnectDelay(n, 2000))).toEqual([50, 100, 200, 400]);
    expect(reconnectDelay(10, 2000)).toBe(2000);
    expect(reconnectDelay(10_000, 2000)).toBe(2000);
  });
});

describe.skipIf(!REDIS_URL)("createRedisCacheStore on a real Redis", () => {
  let cache: CacheStore;
  let raw: Redis;

  beforeAll(async () => {
    cache = createRedisCacheStore(REDIS_URL!);
    raw = new Redis(REDIS_URL!);
    await cache.ping();
  });
  afterAll(async () => {
    await cache?.close();
    await raw?.quit();
  });

  it("stores, reads and deletes values, with SET ... EX ttl", async () => {
    expect(cache.kind).toBe("redis");
    const key = `${prefix}a`;
    expect(await cache.get(key)).toBeNull();
    await cache.set(key, '{"id":1}', 30);
    expect(await cache.get(key)).toBe('{"id":1}');
    const ttl = await raw.ttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(30);
    await cache.del(key);
    expect(await cache.get(key)).toBeNull();
  });

  it("lets a value expire after its TTL", async () => {
    const key = `${prefix}short`;
    await cache.set(key, "x", 1);
    await eventually(async () => expect(await cache.get(key)).toBeNull(), 3_000);
  });

  it("refuses a TTL Redis would reject or misread, before sending anything", async () => {
    for (const ttl of [0, -1, 1.5, Number.NaN]) {
      await expect(cache.set(`${prefix}bad`, "x", ttl)).rejects.toThrow(RangeError);
    }
    expect(await raw.exists(`${prefix}bad`)).toBe(0);
  });

  it("fails fast when Redis is not there at all, and says so once", async () => {
    const port = await getFreePort();
    const messages: string[] = [];
    const down = createRedisCacheStore(`redis://127.0.0.1:${port}`, { log: (m) => messages.push(m) });
    try {
      expect(await elapsed(() => down.get(`${prefix}k`))).toBeLessThan(FAST_MS);
      await expect(down.get(`${prefix}k`)).rejects.toThrow();
      await expect(down.set(`${prefix}k`, "v", 10)).rejects.toThrow();
      await expect(down.ping()).rejects.toThrow();
      // Several reconnect attempts have failed by now; the log has one line about it.
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(messages.filter((m) => /unavailable/.test(m))).toHaveLength(1);
    } finally {
      expect(await elapsed(() => down.close())).toBeLessThan(FAST_MS);
    }
  });

  describe("through a proxy that can fail", () => {
    let proxy: TcpProxy;
    let flaky: CacheStore;
    const messages: string[] = [];

    beforeAll(async () => {
      const target = new URL(REDIS_URL!);
      proxy = await createTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
      const viaProxy = new URL(REDIS_URL!);
      viaProxy.hostname = "127.0.0.1";
      viaProxy.port = String(proxy.port);
      flaky = createRedisCacheStore(viaProxy.toString(), { maxReconnectDelayMs: 200, log: (m) => messages.push(m) });
      await flaky.ping();
    });
    afterAll(async () => {
      await flaky?.close();
      await proxy?.stop();
    });

    it("times a command out (~500 ms) when Redis hangs, then drops the silent connection", async () => {
      await flaky.set(`${prefix}p`, "1", 30);
      proxy.stall(true);
      try {
        let error: unknown;
        const took = await elapsed(async () => {
          try {
            await flaky.get(`${prefix}p`);
          } catch (e) {
            error = e;
          }
        });
        expect(String(error)).toMatch(/timed out/i);
        expect(took).toBeGreaterThanOrEqual(400);
        expect(took).toBeLessThan(1_500);
        // After the socket timeout (2 s) the connection is given up: requests fail at once again
        // instead of each waiting out its own timeout.
        await eventually(async () => expect(await elapsed(() => flaky.get(`${prefix}p`))).toBeLessThan(FAST_MS), 4_000);
      } finally {
        proxy.stall(false);
      }
      await eventually(async () => expect(await flaky.get(`${prefix}p`)).toBe("1"), 5_000);
    });

    it("fails fast while Redis is down and comes back by itself when Redis does", async () => {
      await proxy.stop();
      await eventually(() => expect(flaky.get(`${prefix}p`)).rejects.toThrow(), 1_000);
      expect(await elapsed(() => flaky.get(`${prefix}p`))).toBeLessThan(FAST_MS);

      await proxy.start();
      await eventually(() => flaky.ping(), 5_000);
      expect(await flaky.get(`${prefix}p`)).toBe("1");
      expect(messages.some((m) => /unavailable/.test(m))).toBe(true);
      expect(messages.at(-1)).toMatch(/back/);
    });
  });

  it("closes cleanly, twice", async () => {
    const other = createRedisCacheStore(REDIS_URL!);
    await other.ping();
    await other.close();
    await other.close();
    await expect(other.get(`${prefix}a`)).rejects.toThrow();
  });
});
