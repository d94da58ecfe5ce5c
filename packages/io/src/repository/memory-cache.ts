import type { CacheEvent } from "./cache-aside";

export interface MemoryCacheOptions {
  /** The same TTL as the shared cache, so both modes serve data of the same age. */
  ttlSeconds: number;
  /** Upper bound on entries; the oldest written is dropped first (default 10,000). */
  maxEntries?: number;
  /** Clock in ms, injectable for tests. */
  now?: () => number;
  onEvent?: (event: CacheEvent) => void;
}

/**
 * Cache-aside over a process-local store, for cache mode `memory`: a hit hands back the value
 * kept in this process (no network round trip, no JSON.parse), which is what serving a static
 * in-memory list costs. Values are shared between requests and must be treated as read-only.
 * Concurrent misses on one key share a single load, as in warm mode.
 */
export function createMemoryCache({
  ttlSeconds,
  maxEntries = 10_000,
  now = Date.now,
  onEvent = () => {},
}: MemoryCacheOptions) {
  const entries = new Map<string, { value: unknown; expiresAt: number }>();
  const inFlight = new Map<string, Promise<unknown>>();

  function fresh(key: string) {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  }

  async function loadAndKeep<T>(key: string, load: () => Promise<T | null>): Promise<T | null> {
    const value = await load();
    // Unknown ids are not cached, as in the shared cache.
    if (value !== null) {
      entries.delete(key);
      entries.set(key, { value, expiresAt: now() + ttlSeconds * 1000 });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    }
    return value;
  }

  return {
    async read<T>(key: string, load: () => Promise<T | null>): Promise<T | null> {
      const entry = fresh(key);
      if (entry) {
        onEvent("hit");
        return entry.value as T;
      }
      onEvent("miss");
      const pending = inFlight.get(key) as Promise<T | null> | undefined;
      if (pending) return pending;
      const started = loadAndKeep(key, load).finally(() => inFlight.delete(key));
      inFlight.set(key, started);
      return started;
    },
    /** Entries held now (expired ones included until read). */
    size: () => entries.size,
    clear: () => entries.clear(),
  };
}
export type MemoryCache = ReturnType<typeof createMemoryCache>;
