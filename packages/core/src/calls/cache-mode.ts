import { z } from "zod";

/**
 * Chosen per request (REST header / gRPC metadata `x-relix-cache`), never by restarting a server:
 * - warm: cache-aside; once primed every read is a Redis hit;
 * - cold: bypass the cache, read MySQL (study 000's "no-cache" runs);
 * - miss: the cache-aside miss path on every request: read MySQL, then fill Redis.
 */
export const cacheModes = ["warm", "cold", "miss"] as const;
export const cacheModeSchema = z.enum(cacheModes);
export type CacheMode = z.infer<typeof cacheModeSchema>;

export const CACHE_MODE_HEADER = "x-relix-cache";
export const DELAY_HEADER = "x-relix-delay-ms";
