package relix.common.requests;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.IOException;
import java.util.Locale;
import relix.common.domain.Limits;

/**
 * Reads a REST request's JSON body the way the Node REST API's body reader does (Express's JSON
 * parser, strict): only for application/json and application/*+json, UTF charsets only, an empty
 * body is {}, the document must be an object or an array, nothing may follow it, and at most 16 MiB.
 * Any other content type leaves the body absent, which the request's checks then refuse by name.
 */
public final class JsonBodies {
  private final ObjectMapper json;

  public JsonBodies(ObjectMapper json) {
    this.json = json.copy().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
  }

  /** The body as a JSON tree, or null ("undefined") when the request carries no JSON body. */
  public JsonNode read(byte[] body, boolean hasBody, String contentType, String contentEncoding) {
    if (!hasBody || !isJson(contentType)) return null;
    if (contentEncoding != null && !contentEncoding.equalsIgnoreCase("identity")) {
      throw new BodyRefusal(415, "unsupported", "body: unsupported encoding");
    }
    String charset = charsetOf(contentType);
    if (charset != null && !charset.startsWith("utf-")) {
      throw new BodyRefusal(415, "unsupported", "body: unsupported encoding");
    }
    if (body.length > Limits.MAX_MESSAGE_BYTES) throw tooLarge();
    if (body.length == 0) return JsonNodeFactory.instance.objectNode();
    if (!startsAsObjectOrArray(body)) throw notJson();
    try {
      return json.readTree(body);
    } catch (JsonParseException | com.fasterxml.jackson.databind.exc.MismatchedInputException malformed) {
      throw notJson();
    } catch (IOException malformed) {
      throw notJson();
    }
  }

  public static BodyRefusal tooLarge() {
    return new BodyRefusal(
        413, "too_large", "body: larger than the limit of " + Limits.MAX_MESSAGE_BYTES + " bytes");
  }

  private static BodyRefusal notJson() {
    return new BodyRefusal(400, "invalid_argument", "body: is not valid JSON");
  }

  private static boolean isJson(String contentType) {
    if (contentType == null) return false;
    String type = contentType.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
    return type.equals("application/json") || (type.startsWith("application/") && type.endsWith("+json"));
  }

  private static String charsetOf(String contentType) {
    for (String parameter : contentType.split(";")) {
      String[] pair = parameter.trim().split("=", 2);
      if (pair.length == 2 && pair[0].trim().equalsIgnoreCase("charset")) {
        return pair[1].trim().replace("\"", "").toLowerCase(Locale.ROOT);
      }
    }
    return null;
  }

  /** Strict JSON: the first character after JSON whitespace opens an object or an array. */
  private static boolean startsAsObjectOrArray(byte[] body) {
    for (byte b : body) {
      if (b == ' ' || b == '\t' || b == '\n' || b == '\r') continue;
      return b == '{' || b == '[';
    }
    return false;
  }
}
