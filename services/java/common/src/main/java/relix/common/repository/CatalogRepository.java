package relix.common.repository;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import relix.common.calls.CacheMode;
import relix.common.domain.DomainException;
import relix.common.domain.Item;

/**
 * The only code that reaches the stores (packages/io/src/repository/repository.ts): cache-aside
 * reads with one key builder and one TTL for both caches, outages mapped to domain errors, and
 * readiness of both stores.
 */
public final class CatalogRepository implements AutoCloseable {
  /** How long a readiness check waits for each store: /readyz answers within two seconds. */
  public static final long READINESS_TIMEOUT_MS = 1_500;

  private final ItemStore store;
  private final CacheAside shared;
  private final MemoryCache memory;
  private final ItemCodecs codecs;
  private final ExecutorService probes =
      Executors.newCachedThreadPool(
          task -> {
            Thread thread = new Thread(task, "relix-readiness");
            thread.setDaemon(true);
            return thread;
          });
  private final ReadinessProbe cacheReady;
  private final ReadinessProbe storeReady;

  public CatalogRepository(
      ItemStore store, CacheStore cache, ItemCodecs codecs, int ttlSeconds, CacheEventListener events) {
    this.store = store;
    this.codecs = codecs;
    this.shared = new CacheAside(cache, ttlSeconds, events);
    this.memory = new MemoryCache(ttlSeconds, 10_000, events);
    this.cacheReady = new ReadinessProbe(cache::ping, READINESS_TIMEOUT_MS, probes);
    this.storeReady = new ReadinessProbe(store::ping, READINESS_TIMEOUT_MS, probes);
  }

  public Item getItem(long id, CacheMode mode) throws Exception {
    Item item = read(CacheKeys.item(id), mode, codecs.item, () -> store.getItem(id));
    if (item == null) throw DomainException.notFound("item " + id);
    return item;
  }

  public List<Item> listItems(int limit, CacheMode mode) throws Exception {
    List<Item> items = read(CacheKeys.itemList(limit), mode, codecs.list, () -> store.listItems(limit));
    return items == null ? List.of() : items;
  }

  private <T> T read(String key, CacheMode mode, ValueCodec<T> codec, SourceLoad<T> load) throws Exception {
    SourceLoad<T> guarded = () -> DatabaseErrors.guard(load);
    return mode == CacheMode.MEMORY ? memory.read(key, guarded) : shared.read(key, mode, codec, guarded);
  }

  /** Both stores asked at once; each answers within READINESS_TIMEOUT_MS. */
  public Readiness checkReady() {
    var cache = java.util.concurrent.CompletableFuture.supplyAsync(cacheReady::ready, probes);
    boolean storeOk = storeReady.ready();
    return new Readiness(cache.join(), storeOk);
  }

  public record Readiness(boolean cache, boolean store) {
    public boolean ready() {
      return cache && store;
    }
  }

  @Override
  public void close() {
    probes.shutdownNow();
  }
}
