package relix.spring.web;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.lang.reflect.Type;
import org.springframework.http.HttpOutputMessage;
import org.springframework.http.converter.HttpMessageNotWritableException;
import org.springframework.http.converter.json.MappingJackson2HttpMessageConverter;
import relix.common.telemetry.RequestSpan;
import relix.spring.telemetry.Spans;

/**
 * Spring's Jackson converter, with the encode timed as the request's codec time and the reply
 * written whole with its Content-Length, as the Node REST API writes JSON.stringify's text.
 */
final class TimedJsonConverter extends MappingJackson2HttpMessageConverter {
  private final ObjectMapper json;

  TimedJsonConverter(ObjectMapper json) {
    super(json);
    this.json = json;
  }

  @Override
  protected void writeInternal(Object body, Type type, HttpOutputMessage output)
      throws IOException, HttpMessageNotWritableException {
    long started = System.nanoTime();
    byte[] bytes = json.writeValueAsBytes(body);
    RequestSpan span = Spans.current();
    if (span != null) span.addCodec(System.nanoTime() - started);
    output.getHeaders().setContentLength(bytes.length);
    output.getBody().write(bytes);
  }
}
