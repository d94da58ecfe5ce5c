package relix.spring.web;

import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.InputStream;
import relix.common.domain.Limits;
import relix.common.requests.JsonBodies;

/**
 * A request body read whole, refused (413) past 16 MiB before more than that is read: announced
 * by Content-Length, or found while reading a chunked body.
 */
final class BodyReader {
  private BodyReader() {}

  /** Whether the request carries a body at all (a length, or a chunked transfer), as Express decides. */
  static boolean hasBody(HttpServletRequest request) {
    return request.getHeader("content-length") != null || request.getHeader("transfer-encoding") != null;
  }

  static byte[] read(HttpServletRequest request) throws IOException {
    if (request.getContentLengthLong() > Limits.MAX_MESSAGE_BYTES) throw JsonBodies.tooLarge();
    try (InputStream in = request.getInputStream()) {
      byte[] body = in.readNBytes(Limits.MAX_MESSAGE_BYTES + 1);
      if (body.length > Limits.MAX_MESSAGE_BYTES) throw JsonBodies.tooLarge();
      return body;
    }
  }
}
