import { z } from "zod";

/**
 * Chosen per request (REST header / gRPC metadata `x-relix-cache`), never by restarting a server:
 * - warm: cache-aside; once primed every read is a Redis hit;
 * - cold: bypass the cache, read MySQL (study 000's "no-cache" runs);
 * - miss: the cache-aside miss path on every request: read MySQL, then fill Redis;
 * - memory: cache-aside over a process-local store (no Redis, no JSON on a hit): what an
 *   in-process cache changes, and study 003's static in-memory list.
 */
export const cacheModes = ["warm", "cold", "miss", "memory"] as const;
export const cacheModeSchema = z.enum(cacheModes);
export type CacheMode = z.infer<typeof cacheModeSchema>;

export const CACHE_MODE_HEADER = "x-relix-cache";
export const DELAY_HEADER = "x-relix-delay-ms";
