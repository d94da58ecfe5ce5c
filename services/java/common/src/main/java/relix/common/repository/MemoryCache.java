package relix.common.repository;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Cache mode `memory`: cache-aside over a process-local store, as packages/io/src/repository/memory-cache.ts.
 * A hit hands back the object kept here (no network, no JSON), which is what serving an in-memory
 * list costs. The same TTL as the shared cache; at most maxEntries, the oldest written dropped first.
 * Values are shared between requests and must be treated as read-only.
 */
public final class MemoryCache {
  private record Entry(Object value, long expiresAtMs) {}

  private final long ttlMs;
  private final int maxEntries;
  private final CacheEventListener events;
  private final SharedLoads sharedLoads = new SharedLoads();
  private final LinkedHashMap<String, Entry> entries = new LinkedHashMap<>();

  public MemoryCache(int ttlSeconds, int maxEntries, CacheEventListener events) {
    this.ttlMs = ttlSeconds * 1000L;
    this.maxEntries = maxEntries;
    this.events = events;
  }

  @SuppressWarnings("unchecked")
  public <T> T read(String key, SourceLoad<T> load) throws Exception {
    Entry entry = fresh(key);
    if (entry != null) {
      events.onEvent(CacheEvent.HIT, true);
      return (T) entry.value();
    }
    events.onEvent(CacheEvent.MISS, true);
    return sharedLoads.load(key, () -> loadAndKeep(key, load));
  }

  private synchronized Entry fresh(String key) {
    Entry entry = entries.get(key);
    if (entry != null && entry.expiresAtMs() <= System.currentTimeMillis()) {
      entries.remove(key);
      return null;
    }
    return entry;
  }

  private <T> T loadAndKeep(String key, SourceLoad<T> load) throws Exception {
    T value = load.load();
    // Unknown ids are not kept, as in the shared cache.
    if (value != null) keep(key, value);
    return value;
  }

  private synchronized void keep(String key, Object value) {
    entries.remove(key);
    entries.put(key, new Entry(value, System.currentTimeMillis() + ttlMs));
    while (entries.size() > maxEntries) {
      Map.Entry<String, Entry> oldest = entries.entrySet().iterator().next();
      entries.remove(oldest.getKey());
    }
  }
}
