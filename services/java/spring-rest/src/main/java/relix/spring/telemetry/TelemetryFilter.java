package relix.spring.telemetry;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Enumeration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;
import relix.common.telemetry.Outcome;
import relix.common.telemetry.RequestSpan;
import relix.common.telemetry.ServerTelemetry;

/**
 * First in the chain: each request's span starts here (the request in hand, its body not yet read)
 * and ends when the reply has been handed to Tomcat. Requests of a workload route are counted.
 *
 * Wire bytes: Tomcat offers no hook at its sockets, so they are counted at the HTTP layer: the
 * request line, the headers as received and the body; the status line, the headers the application
 * set, Tomcat's Date header and the body. Connection counts are not known here (reported as 0).
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
public class TelemetryFilter extends OncePerRequestFilter {
  /** "Date: Thu, 26 Nov 2026 13:49:58 GMT\r\n", which Tomcat adds to every response. */
  private static final int DATE_HEADER_BYTES = 37;

  private final ServerTelemetry telemetry;

  public TelemetryFilter(ServerTelemetry telemetry) {
    this.telemetry = telemetry;
  }

  @Override
  protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    RequestSpan span = RequestSpan.startNow();
    request.setAttribute(Spans.SPAN, span);
    try {
      chain.doFilter(request, response);
    } finally {
      String workload = (String) request.getAttribute(Spans.WORKLOAD);
      if (workload != null) {
        Outcome outcome = (Outcome) request.getAttribute(Spans.OUTCOME);
        telemetry.finish(workload, span, outcome == null ? Outcome.OK : outcome);
      }
      telemetry.wire().received(requestBytes(request));
      telemetry.wire().sent(responseBytes(response));
    }
  }

  private static long requestBytes(HttpServletRequest request) {
    String query = request.getQueryString();
    long bytes =
        request.getMethod().length() + 1 + request.getRequestURI().length()
            + (query == null ? 0 : query.length() + 1) + 1 + request.getProtocol().length() + 2;
    for (Enumeration<String> names = request.getHeaderNames(); names.hasMoreElements(); ) {
      String name = names.nextElement();
      for (Enumeration<String> values = request.getHeaders(name); values.hasMoreElements(); ) {
        bytes += name.length() + 2 + values.nextElement().length() + 2;
      }
    }
    return bytes + 2 + Math.max(0, request.getContentLengthLong());
  }

  private static long responseBytes(HttpServletResponse response) {
    long bytes = "HTTP/1.1 200 \r\n".length() + DATE_HEADER_BYTES + 2;
    long body = 0;
    for (String name : response.getHeaderNames()) {
      for (String value : response.getHeaders(name)) {
        bytes += name.length() + 2 + value.length() + 2;
        if (name.equalsIgnoreCase("content-length")) body = Long.parseLong(value);
      }
    }
    return bytes + body;
  }
}
