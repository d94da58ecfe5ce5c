package relix.common.domain;

/** The bounds of packages/core (catalog/limits.ts, spec/bounds.ts, calls/call-context.ts, domain/). */
public final class Limits {
  private Limits() {}

  /** The largest request body or gRPC message either API accepts (16 MiB). */
  public static final int MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

  /** The records of one item.list reply when the request names no limit. */
  public static final int ITEM_LIST_LIMIT = 100;

  public static final int MIN_RECORDS = 1;
  public static final int MAX_RECORDS = 10_000;

  /** The largest id a by-id request may name (uint32). */
  public static final long MAX_ID = 4_294_967_295L;

  /** The most server delay one request may ask for per message (x-relix-delay-ms). */
  public static final int MAX_DELAY_MS = 1_000;

  /** The longest echo message, in UTF-16 code units as zod counts a string's length. */
  public static final int MAX_ECHO_MESSAGE_CHARS = 65_536;
}
