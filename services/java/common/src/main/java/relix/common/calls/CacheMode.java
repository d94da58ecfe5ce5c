package relix.common.calls;

/**
 * How a read meets the cache, chosen per request (packages/core/src/calls/cache-mode.ts): warm
 * (cache-aside, primed), cold (bypass: read MySQL), miss (read MySQL, then fill Redis), memory
 * (cache-aside over a process-local store).
 */
public enum CacheMode {
  WARM,
  COLD,
  MISS,
  MEMORY;

  /** The mode a header value names, or null when it names none. */
  static CacheMode named(String value) {
    return switch (value) {
      case "warm" -> WARM;
      case "cold" -> COLD;
      case "miss" -> MISS;
      case "memory" -> MEMORY;
      default -> null;
    };
  }
}
