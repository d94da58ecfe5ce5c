import { describe, expect, it, vi } from "vitest";
import { BackendUnavailableError } from "./backend-unavailable-error";
import type { EphemeralServer } from "./ephemeral-server";
import { getFreePort } from "./free-port";
import { resolveBackends } from "./local-backends";
import { isPortListening } from "./port-listening";
import { readMysqlVersion, readRedisVersion } from "./server-versions";

function backendUrl(name: "REDIS_URL" | "MYSQL_URL"): string {
  const url = process.env[name];
  if (!url) throw new Error(`${name} is not set: run the tests through vitest, whose global setup provides it`);
  return url;
}

function fakeServer(url: string): EphemeralServer {
  return { url, version: "fake 1.0", port: 1, dir: "/nonexistent", pid: -1, stop: vi.fn(async () => undefined) };
}

describe("resolveBackends", () => {
  it("uses the given URLs as external backends and never stops them", async () => {
    const startRedis = vi.fn(async () => fakeServer("redis://unused"));
    const startMysql = vi.fn(async () => fakeServer("mysql://unused"));
    const backends = await resolveBackends({
      redisUrl: backendUrl("REDIS_URL"),
      mysqlUrl: backendUrl("MYSQL_URL"),
      startRedis,
      startMysql,
    });
    expect(backends.kind).toEqual({ redis: "external", mysql: "external" });
    expect(backends.redisUrl).toBe(backendUrl("REDIS_URL"));
    expect(backends.versions.redis).toMatch(/^\d+\.\d+/);
    expect(backends.versions.mysql).toMatch(/^\d+\.\d+/);
    expect(startRedis).not.toHaveBeenCalled();
    expect(startMysql).not.toHaveBeenCalled();

    await backends.stop();
    expect(await readRedisVersion(backendUrl("REDIS_URL"))).toBe(backends.versions.redis);
    expect(await readMysqlVersion(backendUrl("MYSQL_URL"))).toBe(backends.versions.mysql);
  });

  it("starts ephemeral servers when no URL is given, and stops them", async () => {
    const backends = await resolveBackends({ redisUrl: "", mysqlUrl: undefined });
    expect(backends.kind).toEqual({ redis: "ephemeral", mysql: "ephemeral" });
    const redisPort = Number(new URL(backends.redisUrl ?? "").port);
    const mysqlPort = Number(new URL(backends.mysqlUrl ?? "").port);
    expect(await readRedisVersion(backends.redisUrl ?? "")).toBe(backends.versions.redis);
    expect(await readMysqlVersion(backends.mysqlUrl ?? "")).toBe(backends.versions.mysql);

    await backends.stop();
    expect(await isPortListening(redisPort)).toBe(false);
    expect(await isPortListening(mysqlPort)).toBe(false);
  });

  it("leaves a backend that is neither given nor installed as null, with the reason, for the caller to decide", async () => {
    const backends = await resolveBackends({
      startRedis: async () => {
        throw new BackendUnavailableError("redis", "redis-server was not found");
      },
      startMysql: async () => fakeServer("mysql://relix@127.0.0.1:1/relix"),
    });
    expect(backends.redisUrl).toBeNull();
    expect(backends.kind).toEqual({ redis: null, mysql: "ephemeral" });
    expect(backends.versions.redis).toBeNull();
    expect(backends.unavailable).toEqual({ redis: "redis-server was not found", mysql: null });
    await backends.stop();
  });

  it("stops what it started when the other backend fails, and reports the failure", async () => {
    const mysqlServer = fakeServer("mysql://relix@127.0.0.1:1/relix");
    const start = resolveBackends({
      startRedis: async () => {
        throw new Error("redis-server exited (code 1) before it was ready");
      },
      startMysql: async () => mysqlServer,
    });
    await expect(start).rejects.toThrow("redis-server exited (code 1) before it was ready");
    expect(mysqlServer.stop).toHaveBeenCalledOnce();
  });

  it("fails early, with the password hidden, when a given URL does not answer", async () => {
    const port = await getFreePort();
    const start = resolveBackends({
      redisUrl: backendUrl("REDIS_URL"),
      mysqlUrl: `mysql://relix:hunter2@127.0.0.1:${port}/relix`,
    });
    await expect(start).rejects.toThrow(`mysql://relix:***@127.0.0.1:${port}/relix`);
  });
});
