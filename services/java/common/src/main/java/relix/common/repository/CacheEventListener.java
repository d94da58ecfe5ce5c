package relix.common.repository;

/** Told of each cache event; `memory` says it came from cache mode memory's process-local cache. */
@FunctionalInterface
public interface CacheEventListener {
  void onEvent(CacheEvent event, boolean memory);
}
