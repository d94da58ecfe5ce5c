import { Redis, type RedisOptions } from "ioredis";
import type { CacheStore } from "./cache-store";

export interface RedisCacheStoreOptions {
  /** A command that gets no reply within this many ms rejects (default 500). */
  commandTimeoutMs?: number;
  /**
   * A connection with commands pending that receives nothing for this long is dropped and
   * reconnected (default 2000): a hung Redis then costs one command timeout, not one per request.
   */
  socketTimeoutMs?: number;
  /** How long one connection attempt may take (default 1000). */
  connectTimeoutMs?: number;
  /** Longest pause between reconnection attempts (default 2000). */
  maxReconnectDelayMs?: number;
  /** Told once when Redis goes away and once when it is back (default: console.warn). */
  log?: (message: string) => void;
}

/** Reconnection backoff: 50 ms, 100 ms, 200 ms ... capped; never gives up (never returns null). */
export function reconnectDelay(attempt: number, maxDelayMs: number): number {
  return Math.min(maxDelayMs, 50 * 2 ** Math.min(attempt - 1, 16));
}

const validTtl = (ttlSeconds: number) => {
  if (!Number.isInteger(ttlSeconds) || ttlSeconds <= 0) {
    throw new RangeError(`cache TTL must be a positive whole number of seconds, got ${ttlSeconds}`);
  }
  return ttlSeconds;
};

/**
 * The CacheStore over Redis. Built to fail fast, because every failure falls back to MySQL: no
 * offline queue (a command while disconnected rejects at once), one retry per request, a command
 * timeout, a socket timeout that drops a connection gone silent, and reconnection in the background
 * forever, so the cache comes back with Redis.
 * get/set/del never wait for a connection; ping() does wait for an attempt in progress (bounded by
 * the connect timeout), so `await cache.ping()` at start-up means "connected, or really down".
 */
export function createRedisCacheStore(url: string, options: RedisCacheStoreOptions = {}): CacheStore {
  const connectTimeoutMs = options.connectTimeoutMs ?? 1_000;
  const maxReconnectDelayMs = options.maxReconnectDelayMs ?? 2_000;
  const log = options.log ?? ((message: string) => console.warn(message));

  const redisOptions: RedisOptions = {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: options.commandTimeoutMs ?? 500,
    socketTimeout: options.socketTimeoutMs ?? 2_000,
    connectTimeout: connectTimeoutMs,
    retryStrategy: (attempt) => reconnectDelay(attempt, maxReconnectDelayMs),
    // A cache has nothing to re-subscribe to; READONLY and friends are not worth a reconnect.
    autoResubscribe: false,
    reconnectOnError: null,
  };
  const redis = new Redis(url, redisOptions);

  // ioredis emits "error" on every failed reconnect attempt; report the outage once, not 20 times a minute.
  let down = false;
  redis.on("error", (error: Error) => {
    if (!down) {
      down = true;
      log(`[relix] Redis unavailable (${error.message}); requests read MySQL until it is back`);
    }
  });
  redis.on("ready", () => {
    if (down) {
      down = false;
      log("[relix] Redis is back");
    }
  });

  /** Resolves when a connection attempt under way has finished (either way), at most after the connect timeout. */
  const settleConnecting = () =>
    new Promise<void>((resolve) => {
      if (redis.status !== "connecting" && redis.status !== "connect") return resolve();
      const done = () => {
        clearTimeout(timer);
        for (const event of ["ready", "close", "end"] as const) redis.off(event, done);
        resolve();
      };
      const timer = setTimeout(done, connectTimeoutMs);
      for (const event of ["ready", "close", "end"] as const) redis.once(event, done);
    });

  return {
    kind: "redis",
    get: (key) => redis.get(key),
    async set(key, value, ttlSeconds) {
      await redis.set(key, value, "EX", validTtl(ttlSeconds));
    },
    async del(key) {
      await redis.del(key);
    },
    async ping() {
      await settleConnecting();
      await redis.ping();
    },
    async close() {
      if (redis.status === "end") return;
      // QUIT lets Redis finish what it has; when there is no connection there is nothing to finish.
      if (redis.status === "ready") {
        try {
          await redis.quit();
          return;
        } catch {
          // fall through to a hard disconnect
        }
      }
      redis.disconnect();
    },
  };
}
