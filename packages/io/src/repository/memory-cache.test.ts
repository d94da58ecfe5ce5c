import { describe, expect, it } from "vitest";
import type { CacheEvent } from "./cache-aside";
import { createMemoryCache } from "./memory-cache";

function setup(ttlSeconds = 60) {
  let clock = 1_000;
  const events: CacheEvent[] = [];
  const cache = createMemoryCache({ ttlSeconds, now: () => clock, onEvent: (e) => events.push(e), maxEntries: 2 });
  let loads = 0;
  const load = async () => {
    loads++;
    return { id: 7, loads };
  };
  return { cache, events, load, loads: () => loads, advance: (ms: number) => (clock += ms) };
}

describe("cache mode memory: cache-aside over a process-local store", () => {
  it("misses once, then hands back the very value it kept (nothing re-parsed)", async () => {
    const { cache, load, events, loads } = setup();
    const first = await cache.read("k", load);
    const second = await cache.read("k", load);
    expect(second).toBe(first);
    expect(events).toEqual(["miss", "hit"]);
    expect(loads()).toBe(1);
  });

  it("keeps a value for the TTL, then reads the source again", async () => {
    const { cache, load, loads, advance } = setup(5);
    await cache.read("k", load);
    advance(4_999);
    await cache.read("k", load);
    expect(loads()).toBe(1);
    advance(1);
    expect(await cache.read("k", load)).toEqual({ id: 7, loads: 2 });
  });

  it("concurrent misses on one key share a single load; unknown ids are not kept", async () => {
    const { cache, load, loads } = setup();
    await Promise.all([cache.read("k", load), cache.read("k", load), cache.read("k", load)]);
    expect(loads()).toBe(1);
    expect(await cache.read("none", async () => null)).toBeNull();
    expect(cache.size()).toBe(1);
  });

  it("holds at most maxEntries, dropping the oldest written", async () => {
    const { cache, load, loads } = setup();
    for (const key of ["a", "b", "c"]) await cache.read(key, load);
    expect(cache.size()).toBe(2);
    await cache.read("a", load);
    expect(loads()).toBe(4);
  });
});
