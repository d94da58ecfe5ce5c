import { existsSync } from "node:fs";
import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { BackendUnavailableError } from "./backend-unavailable-error";
import { startEphemeralRedis } from "./ephemeral-redis";
import { isPortListening } from "./port-listening";

describe("startEphemeralRedis", () => {
  it("serves a private redis on loopback, and stop() removes its dir and closes its port", async () => {
    const redis = await startEphemeralRedis();
    expect(redis.url).toBe(`redis://127.0.0.1:${redis.port}`);
    expect(redis.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(existsSync(redis.dir)).toBe(true);

    const client = new Redis(redis.url);
    try {
      await client.set("relix:test", "hello");
      expect(await client.get("relix:test")).toBe("hello");
      // Nothing is written to disk: a scratch cache.
      expect(await client.config("GET", "save")).toEqual(["save", ""]);
      expect(await client.config("GET", "appendonly")).toEqual(["appendonly", "no"]);
    } finally {
      client.disconnect();
    }

    await redis.stop();
    expect(existsSync(redis.dir)).toBe(false);
    expect(await isPortListening(redis.port)).toBe(false);
    await redis.stop(); // a second stop is harmless
  });

  it("says how to get redis when redis-server is not installed", async () => {
    const start = startEphemeralRedis({ searchPath: "/nonexistent", extraDirs: [] });
    await expect(start).rejects.toBeInstanceOf(BackendUnavailableError);
    await expect(start).rejects.toThrow("install the Debian package redis-server, or set REDIS_URL");
  });
});
