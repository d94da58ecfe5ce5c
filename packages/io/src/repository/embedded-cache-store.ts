import type { CacheStore } from "./cache-store";

export interface EmbeddedCacheStoreOptions {
  /** Upper bound on entries; the oldest written is dropped first (default 100,000). */
  maxEntries?: number;
  /** Clock in ms, injectable for tests. */
  now?: () => number;
}

/**
 * The CacheStore of last resort: an in-process Map with Redis's TTL semantics (a key set with
 * `EX ttl` is gone ttl seconds later), for `pnpm bench` where no Redis exists (every result says so).
 */
export function createEmbeddedCacheStore(options: EmbeddedCacheStoreOptions = {}): CacheStore {
  const maxEntries = options.maxEntries ?? 100_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: string; expiresAt: number }>();

  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };

  return {
    kind: "embedded",
    async get(key) {
      return live(key)?.value ?? null;
    },
    async set(key, value, ttlSeconds) {
      if (!Number.isInteger(ttlSeconds) || ttlSeconds <= 0) {
        throw new RangeError(`cache TTL must be a positive whole number of seconds, got ${ttlSeconds}`);
      }
      // Re-inserting moves the key to the end, so Map order stays "oldest write first".
      entries.delete(key);
      entries.set(key, { value, expiresAt: now() + ttlSeconds * 1000 });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
    async del(key) {
      entries.delete(key);
    },
    async ping() {},
    async close() {
      entries.clear();
    },
  };
}
