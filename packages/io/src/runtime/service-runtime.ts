import type { ServiceEnv } from "../config/env";
import { ensureDatabaseExists, seedDatabase } from "../data/seed";
import { createEmbeddedCacheStore } from "../repository/embedded-cache-store";
import { createEmbeddedStore } from "../repository/embedded-store";
import { createMysqlPool, createMysqlStore } from "../repository/mysql-store";
import { createRedisCacheStore } from "../repository/redis-cache-store";
import { createRepository } from "../repository/repository";
import type { CacheStore } from "../repository/cache-store";
import type { DataStore } from "../repository/data-store";
import { createServices } from "../services/services";
import type { ServerTelemetry } from "../telemetry";

export interface ServiceRuntime {
  services: ReturnType<typeof createServices>;
  backends: { store: DataStore["kind"]; cache: CacheStore["kind"] };
  close(): Promise<void>;
}

/**
 * Wires the stores, the cache-aside repository and the services for one server process.
 * Seeds MySQL on first start (idempotent) so a fresh database just works.
 */
export async function createServiceRuntime(env: ServiceEnv, telemetry: ServerTelemetry): Promise<ServiceRuntime> {
  let store: DataStore;
  let cache: CacheStore;
  if (env.RELIX_BACKENDS === "embedded") {
    store = createEmbeddedStore();
    cache = createEmbeddedCacheStore();
  } else {
    const mysqlUrl = env.MYSQL_URL!;
    if (env.SEED_ON_START) await ensureDatabaseExists(mysqlUrl);
    const pool = createMysqlPool(mysqlUrl);
    if (env.SEED_ON_START) await seedDatabase(pool);
    store = createMysqlStore(pool, { queryTimeoutMs: env.MYSQL_QUERY_TIMEOUT_MS });
    cache = createRedisCacheStore(env.REDIS_URL!);
  }
  const repository = createRepository({
    store,
    cache,
    ttlSeconds: env.CACHE_TTL_SECONDS,
    onCacheEvent: (event) => telemetry.cacheEvent(event),
    onMemoryCacheEvent: (event) => telemetry.cacheEvent(event, "memory"),
  });
  telemetry.setBackends({ store: store.kind, cache: cache.kind });
  return {
    services: createServices(repository),
    backends: { store: store.kind, cache: cache.kind },
    async close() {
      await Promise.allSettled([store.close(), cache.close()]);
    },
  };
}
