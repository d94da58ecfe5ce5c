package relix.common.requests;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import relix.common.domain.DomainException;
import relix.common.domain.Limits;

/**
 * The JSON requests of echo and math.add, checked as the workloads' zod schemas check them
 * (packages/core/src/domain/bench.ts), so the first problem is refused with the same field and the
 * same words as on the Node services.
 */
public final class JsonRequests {
  private JsonRequests() {}

  public record EchoRequest(String message, Map<String, String> data) {}

  public record AddRequest(int a, int b) {}

  private static final double MAX_SAFE_INTEGER = 9007199254740991d;

  public static EchoRequest echo(JsonNode body) {
    JsonNode object = requireObject(body);
    JsonNode message = object.get("message");
    if (message == null || !message.isTextual()) throw expected("message", "string", message);
    RequestRules.echoMessage(message.textValue());
    JsonNode data = object.get("data");
    if (data == null || !data.isObject()) throw expected("data", "record", data);
    Map<String, String> entries = new LinkedHashMap<>();
    for (String key : JsObjects.keysInOrder(data)) {
      JsonNode value = data.get(key);
      if (!value.isTextual()) throw expected("data." + key, "string", value);
      entries.put(key, value.textValue());
    }
    return new EchoRequest(message.textValue(), entries);
  }

  public static AddRequest add(JsonNode body) {
    JsonNode object = requireObject(body);
    return new AddRequest(int32(object, "a"), int32(object, "b"));
  }

  private static JsonNode requireObject(JsonNode body) {
    if (body == null || !body.isObject()) throw expected("body", "object", body);
    return body;
  }

  /** z.number().int().min(-2^31).max(2^31 - 1), with zod's order of checks and its messages. */
  private static int int32(JsonNode object, String field) {
    JsonNode node = object.get(field);
    if (node == null || !node.isNumber()) throw expected(field, "number", node);
    double value = node.doubleValue();
    if (Double.isInfinite(value)) {
      throw DomainException.invalidArgument(
          field, "Invalid input: expected number, received " + (value > 0 ? "Infinity" : "-Infinity"));
    }
    if (value != Math.rint(value)) throw expected(field, "int", node);
    if (value > MAX_SAFE_INTEGER) {
      throw DomainException.invalidArgument(field, "Too big: expected int to be <=9007199254740991");
    }
    if (value < -MAX_SAFE_INTEGER) {
      throw DomainException.invalidArgument(field, "Too small: expected int to be >=-9007199254740991");
    }
    if (value < Integer.MIN_VALUE) {
      throw DomainException.invalidArgument(field, "Too small: expected number to be >=" + Integer.MIN_VALUE);
    }
    if (value > Integer.MAX_VALUE) {
      throw DomainException.invalidArgument(field, "Too big: expected number to be <=" + Integer.MAX_VALUE);
    }
    return (int) value;
  }

  private static DomainException expected(String field, String type, JsonNode received) {
    return DomainException.invalidArgument(
        field, "Invalid input: expected " + type + ", received " + JsObjects.typeName(received));
  }

  /** JavaScript's view of a parsed JSON object. */
  static final class JsObjects {
    private JsObjects() {}

    /** The name zod gives a value's type: `undefined` for a missing field. */
    static String typeName(JsonNode node) {
      if (node == null || node.isMissingNode()) return "undefined";
      if (node.isNull()) return "null";
      if (node.isArray()) return "array";
      if (node.isObject()) return "object";
      if (node.isTextual()) return "string";
      if (node.isBoolean()) return "boolean";
      return "number";
    }

    /**
     * A JavaScript object's key order: array-index keys ("0" to "4294967294") first in numeric order,
     * then the other keys as written. JSON.parse builds objects so, and JSON.stringify writes them so.
     */
    static List<String> keysInOrder(JsonNode object) {
      List<String> indices = new ArrayList<>();
      List<String> names = new ArrayList<>();
      for (Iterator<String> keys = object.fieldNames(); keys.hasNext(); ) {
        String key = keys.next();
        (isArrayIndex(key) ? indices : names).add(key);
      }
      if (indices.isEmpty()) return names;
      indices.sort((x, y) -> Long.compare(Long.parseLong(x), Long.parseLong(y)));
      indices.addAll(names);
      return indices;
    }

    private static boolean isArrayIndex(String key) {
      int length = key.length();
      if (length == 0 || length > 10 || (length > 1 && key.charAt(0) == '0')) return false;
      for (int i = 0; i < length; i++) if (key.charAt(i) < '0' || key.charAt(i) > '9') return false;
      return Long.parseLong(key) < 4294967295L;
    }
  }
}
