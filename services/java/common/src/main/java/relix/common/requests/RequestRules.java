package relix.common.requests;

import java.util.List;
import java.util.regex.Pattern;
import relix.common.domain.DomainException;
import relix.common.domain.Limits;

/**
 * The checks of packages/core/src/catalog/workloads/request-schemas.ts, in the words the Node
 * services use, for the fields both protocols carry as numbers (ids, list limits).
 */
public final class RequestRules {
  private RequestRules() {}

  private static final Pattern DIGITS = Pattern.compile("\\d+");
  private static final String ID_RULE = "must be a whole number from 1 to " + Limits.MAX_ID;
  private static final String RECORDS_RULE =
      "must be a whole number from " + Limits.MIN_RECORDS + " to " + Limits.MAX_RECORDS;

  /** An id as a REST path carries it: digits only, 1 to 4294967295. */
  public static long idFromPath(String raw) {
    return validId(raw != null && DIGITS.matcher(raw).matches() ? digitsValue(raw) : -1);
  }

  /** An id as a gRPC message carries it (uint32, so 0 when unset). */
  public static long validId(long id) {
    if (id < 1 || id > Limits.MAX_ID) throw DomainException.invalidArgument("id", ID_RULE);
    return id;
  }

  /**
   * `?limit=N` as the REST API reads it: absent is the default list; a value given once must be
   * digits in range; an empty value or a repeated parameter is refused naming the field.
   */
  public static int limitFromQuery(List<String> values) {
    if (values == null || values.isEmpty()) return Limits.ITEM_LIST_LIMIT;
    String raw = values.size() == 1 ? values.get(0) : null;
    return validLimit(raw != null && DIGITS.matcher(raw).matches() ? digitsValue(raw) : -1);
  }

  /** The list limit of a gRPC ListItemsRequest: 0 (unset) is the default list. */
  public static int limitFromMessage(long limit) {
    return limit == 0 ? Limits.ITEM_LIST_LIMIT : validLimit(limit);
  }

  private static int validLimit(long limit) {
    if (limit < Limits.MIN_RECORDS || limit > Limits.MAX_RECORDS) {
      throw DomainException.invalidArgument("limit", RECORDS_RULE);
    }
    return (int) limit;
  }

  /** A run of digits as a number, saturated: any value past a long is out of every range here. */
  private static long digitsValue(String digits) {
    String significant = digits.replaceFirst("^0+(?=.)", "");
    return significant.length() > 18 ? Long.MAX_VALUE : Long.parseLong(significant);
  }

  /** The echo message's bound, for the protocols whose decoding already made it a string. */
  public static String echoMessage(String message) {
    if (message.length() > Limits.MAX_ECHO_MESSAGE_CHARS) {
      throw DomainException.invalidArgument(
          "message", "Too big: expected string to have <=" + Limits.MAX_ECHO_MESSAGE_CHARS + " characters");
    }
    return message;
  }
}
