package relix.common.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import java.io.IOException;

/** The JSON every Java stack writes: Jackson, with JavaScript's spelling of numbers. */
public final class RelixJson {
  private RelixJson() {}

  /** Jackson module that writes doubles and floats as JSON.stringify does (JsNumbers). */
  public static SimpleModule javaScriptNumbers() {
    SimpleModule module = new SimpleModule("relix-javascript-numbers");
    JsonSerializer<Double> doubles =
        new JsonSerializer<>() {
          @Override
          public void serialize(Double value, JsonGenerator out, SerializerProvider provider) throws IOException {
            out.writeNumber(JsNumbers.format(value));
          }
        };
    module.addSerializer(Double.class, doubles);
    module.addSerializer(double.class, doubles);
    return module;
  }

  /**
   * Characters outside the BMP (an emoji) as their four UTF-8 bytes, as JSON.stringify's text
   * encodes them; Jackson would otherwise write them as two escaped surrogates.
   */
  public static final JsonGenerator.Feature WHOLE_CHARACTERS = JsonGenerator.Feature.COMBINE_UNICODE_SURROGATES_IN_UTF8;

  /** A mapper for the cache and the replies; thread-safe once built, so one per process. */
  public static ObjectMapper newMapper() {
    return new ObjectMapper()
        .registerModule(javaScriptNumbers())
        .enable(WHOLE_CHARACTERS)
        // Values another stack cached may one day carry more fields; reading ours must not fail on them.
        .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
  }
}
