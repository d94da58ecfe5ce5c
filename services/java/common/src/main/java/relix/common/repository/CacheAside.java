package relix.common.repository;

import java.util.logging.Level;
import java.util.logging.Logger;
import relix.common.calls.CacheMode;

/**
 * Cache-aside reads over the shared cache, with the semantics of packages/io/src/repository/cache-aside.ts:
 * a cache failure never fails a read (it is counted and the value comes from MySQL); warm-mode misses
 * on one key share one load; miss mode takes the full miss path every time; cold mode bypasses the
 * cache. Unknown ids are not cached.
 */
public final class CacheAside {
  private static final Logger LOG = Logger.getLogger(CacheAside.class.getName());

  private final CacheStore cache;
  private final int ttlSeconds;
  private final CacheEventListener events;
  private final SharedLoads sharedLoads = new SharedLoads();
  private volatile boolean cacheDown;

  public CacheAside(CacheStore cache, int ttlSeconds, CacheEventListener events) {
    this.cache = cache;
    this.ttlSeconds = ttlSeconds;
    this.events = events;
  }

  public <T> T read(String key, CacheMode mode, ValueCodec<T> codec, SourceLoad<T> load) throws Exception {
    if (mode == CacheMode.COLD) {
      events.onEvent(CacheEvent.BYPASS, false);
      return load.load();
    }
    if (mode == CacheMode.MISS) {
      // Every request takes the full miss path; sharing loads here would hide MySQL's cost.
      events.onEvent(CacheEvent.MISS, false);
      return loadAndFill(key, codec, load);
    }
    String cached = cacheGet(key);
    if (cached != null) {
      try {
        T value = codec.read(cached);
        events.onEvent(CacheEvent.HIT, false);
        return value;
      } catch (Exception damaged) {
        // Not ours or damaged: count it, drop it, and read the source as on a miss.
        events.onEvent(CacheEvent.ERROR, false);
        try {
          cache.del(key);
        } catch (Exception ignored) {
          // the cache is failing too; the read goes on from MySQL
        }
      }
    }
    events.onEvent(CacheEvent.MISS, false);
    return sharedLoads.load(key, () -> loadAndFill(key, codec, load));
  }

  private <T> T loadAndFill(String key, ValueCodec<T> codec, SourceLoad<T> load) throws Exception {
    T value = load.load();
    if (value != null) cacheSet(key, codec.write(value));
    return value;
  }

  private String cacheGet(String key) {
    try {
      String value = cache.get(key);
      cacheUp();
      return value;
    } catch (Exception error) {
      cacheFailed(error);
      return null;
    }
  }

  private void cacheSet(String key, String value) {
    try {
      cache.set(key, value, ttlSeconds);
      cacheUp();
    } catch (Exception error) {
      cacheFailed(error);
    }
  }

  /** Says once that the cache went away, not once per request. */
  private void cacheFailed(Exception error) {
    events.onEvent(CacheEvent.ERROR, false);
    if (!cacheDown) {
      cacheDown = true;
      LOG.log(Level.WARNING, "[relix] Redis unavailable ({0}); requests read MySQL until it is back", error.toString());
    }
  }

  private void cacheUp() {
    if (cacheDown) {
      cacheDown = false;
      LOG.info("[relix] Redis is back");
    }
  }
}
