import { notFound, type AnyShape, type Item, type Meteorite, type ShapeKind } from "@relix/core";
import { createCacheAside, type CacheEvent } from "./cache-aside";
import { cacheKeys } from "./cache-keys";
import type { CacheMode } from "@relix/core/calls/cache-mode";
import type { CacheStore } from "./cache-store";
import type { DataStore } from "./data-store";
import { guardDatabase } from "./database-errors";
import { createMemoryCache } from "./memory-cache";
import { createReadinessProbe } from "./readiness-probe";

/**
 * How long a readiness check waits for each store: /readyz must answer within two seconds even
 * when a store hangs, and both stores are asked at once, so this leaves room for the answer.
 */
export const READINESS_TIMEOUT_MS = 1_500;

export interface RepositoryOptions {
  store: DataStore;
  cache: CacheStore;
  ttlSeconds: number;
  onCacheEvent?: (event: CacheEvent, error?: unknown) => void;
  /** Events of cache mode `memory` (the process-local cache), counted apart from the shared cache's. */
  onMemoryCacheEvent?: (event: CacheEvent) => void;
  /** How long a readiness check waits for each store (default READINESS_TIMEOUT_MS). */
  readinessTimeoutMs?: number;
}

/** The only code that reaches the stores: cache-aside reads, outages mapped to domain errors. */
export function createRepository({
  store,
  cache,
  ttlSeconds,
  onCacheEvent,
  onMemoryCacheEvent,
  readinessTimeoutMs = READINESS_TIMEOUT_MS,
}: RepositoryOptions) {
  const cacheReady = createReadinessProbe(() => cache.ping(), readinessTimeoutMs);
  const storeReady = createReadinessProbe(() => store.ping(), readinessTimeoutMs);
  const shared = createCacheAside({ cache, ttlSeconds, onEvent: onCacheEvent });
  const memory = createMemoryCache({ ttlSeconds, onEvent: onMemoryCacheEvent });
  // One key builder and one TTL for both caches; only where the value is kept differs.
  const read = <T>(key: string, mode: CacheMode, load: () => Promise<T | null>): Promise<T | null> =>
    mode === "memory" ? memory.read(key, load) : shared(key, mode, load);
  const fromStore =
    <T>(call: () => Promise<T>) =>
    () =>
      guardDatabase(call);

  async function required<T>(value: Promise<T | null>, what: string): Promise<T> {
    const found = await value;
    if (found === null) throw notFound(what);
    return found;
  }

  return {
    getItem: (id: number, mode: CacheMode): Promise<Item> =>
      required(
        read(
          cacheKeys.item(id),
          mode,
          fromStore(() => store.getItem(id)),
        ),
        `item ${id}`,
      ),

    listItems: async (limit: number, mode: CacheMode): Promise<Item[]> =>
      (await read(
        cacheKeys.itemList(limit),
        mode,
        fromStore(() => store.listItems(limit)),
      )) ?? [],

    getShape: (kind: ShapeKind, id: number, mode: CacheMode): Promise<AnyShape> =>
      required(
        read(
          cacheKeys.shape(kind, id),
          mode,
          fromStore(() => store.getShape(kind, id)),
        ),
        `${kind} ${id}`,
      ),

    listShapes: async (kind: ShapeKind, mode: CacheMode): Promise<AnyShape[]> =>
      (await read(
        cacheKeys.shapeList(kind),
        mode,
        fromStore(() => store.listShapes(kind)),
      )) ?? [],

    listMeteorites: async (mode: CacheMode): Promise<Meteorite[]> =>
      (await read(
        cacheKeys.meteorites(),
        mode,
        fromStore(() => store.listMeteorites()),
      )) ?? [],

    /** Readiness: both stores answer, within readinessTimeoutMs; at most one ping each in flight. */
    async checkReady(): Promise<{ cache: boolean; store: boolean }> {
      const [cacheOk, storeOk] = await Promise.all([cacheReady(), storeReady()]);
      return { cache: cacheOk, store: storeOk };
    },
  };
}
export type Repository = ReturnType<typeof createRepository>;
