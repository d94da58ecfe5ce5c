import { describe, expect, it } from "vitest";
import { createEmbeddedCacheStore } from "./embedded-cache-store";

describe("createEmbeddedCacheStore", () => {
  it("stores, reads and deletes values", async () => {
    const cache = createEmbeddedCacheStore();
    expect(cache.kind).toBe("embedded");
    expect(await cache.get("k")).toBeNull();
    await cache.set("k", "v", 10);
    expect(await cache.get("k")).toBe("v");
    await cache.del("k");
    expect(await cache.get("k")).toBeNull();
    await expect(cache.ping()).resolves.toBeUndefined();
  });

  it("expires a key ttl seconds after it was set, as Redis does", async () => {
    let now = 1_000_000;
    const cache = createEmbeddedCacheStore({ now: () => now });
    await cache.set("k", "v", 2);
    now += 1_999;
    expect(await cache.get("k")).toBe("v");
    now += 1;
    expect(await cache.get("k")).toBeNull();
    // Setting again restarts the clock.
    await cache.set("k", "w", 2);
    now += 1_000;
    await cache.set("k", "x", 2);
    now += 1_500;
    expect(await cache.get("k")).toBe("x");
  });

  it("refuses the TTLs the Redis store refuses", async () => {
    const cache = createEmbeddedCacheStore();
    for (const ttl of [0, -1, 1.5, Number.NaN]) await expect(cache.set("k", "v", ttl)).rejects.toThrow(RangeError);
  });

  it("stays bounded, dropping the oldest write first", async () => {
    const cache = createEmbeddedCacheStore({ maxEntries: 3 });
    for (const key of ["a", "b", "c"]) await cache.set(key, key, 60);
    await cache.set("a", "a2", 60);
    await cache.set("d", "d", 60);
    expect(await cache.get("b")).toBeNull();
    expect(await Promise.all(["a", "c", "d"].map((k) => cache.get(k)))).toEqual(["a2", "c", "d"]);
  });

  it("empties on close", async () => {
    const cache = createEmbeddedCacheStore();
    await cache.set("k", "v", 60);
    await cache.close();
    expect(await cache.get("k")).toBeNull();
  });
});
