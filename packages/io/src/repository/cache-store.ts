/**
 * The cache in front of the data store (Redis in every real run). Values are JSON strings.
 * Implementations must fail fast (no offline queue) so a cache outage degrades to the store.
 */
export interface CacheStore {
  readonly kind: "redis" | "embedded";
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  del(key: string): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
