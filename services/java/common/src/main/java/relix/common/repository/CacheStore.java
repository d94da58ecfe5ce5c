package relix.common.repository;

/**
 * The shared cache in front of MySQL (Redis in every real run). Values are JSON text. An
 * implementation fails fast (no queue while disconnected, short command timeout): every failure
 * falls back to MySQL, so waiting for Redis would only make a cache outage slower.
 */
public interface CacheStore {
  /** The value, or null when the key is absent. */
  String get(String key) throws Exception;

  void set(String key, String value, int ttlSeconds) throws Exception;

  void del(String key) throws Exception;

  /** Returns once the cache answered a PING; throws when it did not. */
  void ping() throws Exception;
}
