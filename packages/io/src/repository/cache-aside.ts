import type { CacheStore } from "./cache-store";
import type { CacheMode } from "@relix/core/calls/cache-mode";

export type CacheEvent = "hit" | "miss" | "bypass" | "error";

export interface CacheAsideOptions {
  cache: CacheStore;
  ttlSeconds: number;
  /** Called once per event; the services turn these into /metrics counters. */
  onEvent?: (event: CacheEvent, error?: unknown) => void;
}

/**
 * Cache-aside reads. A cache failure never fails a read: it is counted and the value comes
 * from the source. Concurrent warm-mode misses on one key share a single source load,
 * so a cold key under load does not stampede MySQL.
 */
export function createCacheAside({ cache, ttlSeconds, onEvent = () => {} }: CacheAsideOptions) {
  const inFlight = new Map<string, Promise<unknown>>();

  async function cacheGet(key: string): Promise<string | null> {
    try {
      return await cache.get(key);
    } catch (error) {
      onEvent("error", error);
      return null;
    }
  }

  async function cacheSet(key: string, value: unknown): Promise<void> {
    try {
      await cache.set(key, JSON.stringify(value), ttlSeconds);
    } catch (error) {
      onEvent("error", error);
    }
  }

  async function loadAndFill<T>(key: string, load: () => Promise<T | null>): Promise<T | null> {
    const value = await load();
    // Unknown ids are not cached: a typo must not become a cached "not found".
    if (value !== null) await cacheSet(key, value);
    return value;
  }

  function sharedLoad<T>(key: string, load: () => Promise<T | null>): Promise<T | null> {
    const pending = inFlight.get(key) as Promise<T | null> | undefined;
    if (pending) return pending;
    const started = loadAndFill(key, load).finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  }

  return async function read<T>(key: string, mode: CacheMode, load: () => Promise<T | null>): Promise<T | null> {
    if (mode === "cold") {
      onEvent("bypass");
      return load();
    }
    if (mode === "miss") {
      // Every request takes the full miss path; sharing loads here would hide MySQL's cost.
      onEvent("miss");
      return loadAndFill(key, load);
    }
    const cached = await cacheGet(key);
    if (cached !== null) {
      try {
        const value = JSON.parse(cached) as T;
        onEvent("hit");
        return value;
      } catch (error) {
        // Not ours or damaged: count it, drop it, and read the source as on a miss.
        onEvent("error", error);
        await cache.del(key).catch(() => {});
      }
    }
    onEvent("miss");
    return sharedLoad(key, load);
  };
}
export type CacheAsideRead = ReturnType<typeof createCacheAside>;
