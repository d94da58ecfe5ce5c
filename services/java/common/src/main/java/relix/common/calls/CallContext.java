package relix.common.calls;

import java.util.function.Function;
import java.util.regex.Pattern;
import relix.common.domain.DomainException;
import relix.common.domain.Limits;

/**
 * What a transport passes to a service besides the request: the cache mode and study 001's
 * server-side sleep, read from REST headers or gRPC metadata alike
 * (packages/core/src/calls/context-from-headers.ts), so both refuse exactly the same values.
 */
public record CallContext(CacheMode cacheMode, int delayMs) {
  public static final String CACHE_MODE_HEADER = "x-relix-cache";
  public static final String DELAY_HEADER = "x-relix-delay-ms";

  private static final Pattern WHOLE_NUMBER = Pattern.compile("\\d+");

  /** `header` answers a header's (or metadata key's) value, or null when the request has none. */
  public static CallContext from(Function<String, String> header) {
    String rawMode = header.apply(CACHE_MODE_HEADER);
    CacheMode mode = rawMode == null ? CacheMode.WARM : CacheMode.named(rawMode);
    if (mode == null) {
      throw DomainException.invalidArgument(
          CACHE_MODE_HEADER, "must be one of warm, cold, miss (got \"" + rawMode + "\")");
    }
    String rawDelay = header.apply(DELAY_HEADER);
    int delayMs = 0;
    if (rawDelay != null) {
      long parsed = parseDelay(rawDelay);
      if (parsed < 0 || parsed > Limits.MAX_DELAY_MS) {
        throw DomainException.invalidArgument(
            DELAY_HEADER,
            "must be a whole number of milliseconds from 0 to " + Limits.MAX_DELAY_MS + " (got \"" + rawDelay + "\")");
      }
      delayMs = (int) parsed;
    }
    return new CallContext(mode, delayMs);
  }

  /** Digits only, as the Node services accept; -1 for anything else (or a number too long to matter). */
  private static long parseDelay(String raw) {
    if (!WHOLE_NUMBER.matcher(raw).matches()) return -1;
    String digits = raw.replaceFirst("^0+(?=.)", "");
    return digits.length() > 9 ? Long.MAX_VALUE : Long.parseLong(digits);
  }

  /** Study 001's server-side sleep: the calling thread waits, as a blocking server's handler does. */
  public void sleep() {
    if (delayMs <= 0) return;
    try {
      Thread.sleep(delayMs);
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
