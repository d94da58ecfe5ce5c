import { describe, expect, it } from "vitest";
import { createCacheAside, type CacheEvent } from "./cache-aside";
import { createEmbeddedCacheStore } from "./embedded-cache-store";

function setup() {
  const cache = createEmbeddedCacheStore();
  const events: CacheEvent[] = [];
  const read = createCacheAside({ cache, ttlSeconds: 60, onEvent: (event) => events.push(event) });
  let loads = 0;
  const load = async () => {
    loads++;
    return { id: 7 };
  };
  return { cache, events, read, load, loads: () => loads };
}

describe("cache-aside reads", () => {
  it("warm: the first read misses and fills, the next one hits", async () => {
    const { read, load, events, loads } = setup();
    expect(await read("k", "warm", load)).toEqual({ id: 7 });
    expect(await read("k", "warm", load)).toEqual({ id: 7 });
    expect(events).toEqual(["miss", "hit"]);
    expect(loads()).toBe(1);
  });

  it("warm: concurrent misses on one key share a single load", async () => {
    const { read, load, loads } = setup();
    await Promise.all([read("k", "warm", load), read("k", "warm", load), read("k", "warm", load)]);
    expect(loads()).toBe(1);
  });

  it("cold bypasses the cache; miss reads the source every time and fills the cache", async () => {
    const { read, load, events, loads, cache } = setup();
    await read("k", "cold", load);
    expect(await cache.get("k")).toBeNull();
    await read("k", "miss", load);
    await read("k", "miss", load);
    expect(JSON.parse((await cache.get("k"))!)).toEqual({ id: 7 });
    expect(events).toEqual(["bypass", "miss", "miss"]);
    expect(loads()).toBe(3);
  });

  it("a damaged cached value is counted, dropped and read from the source instead of failing", async () => {
    const { read, load, events, cache } = setup();
    await cache.set("k", "{not json", 60);
    expect(await read("k", "warm", load)).toEqual({ id: 7 });
    expect(events).toEqual(["error", "miss"]);
    expect(JSON.parse((await cache.get("k"))!)).toEqual({ id: 7 });
  });

  it("an unknown id is not cached", async () => {
    const { read, cache } = setup();
    expect(await read("k", "warm", async () => null)).toBeNull();
    expect(await cache.get("k")).toBeNull();
  });
});
