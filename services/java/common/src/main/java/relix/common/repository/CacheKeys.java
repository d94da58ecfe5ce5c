package relix.common.repository;

/**
 * The one key builder, the same keys the Node services use (packages/io/src/repository/cache-keys.ts),
 * so a key one stack fills is a hit for every other.
 */
public final class CacheKeys {
  private CacheKeys() {}

  private static final String PREFIX = "relix:v1";

  public static String item(long id) {
    return PREFIX + ":item:" + id;
  }

  public static String itemList(int limit) {
    return PREFIX + ":items:" + limit;
  }
}
