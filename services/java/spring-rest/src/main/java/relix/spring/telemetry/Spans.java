package relix.spring.telemetry;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.web.context.request.RequestAttributes;
import org.springframework.web.context.request.RequestContextHolder;
import relix.common.telemetry.Outcome;
import relix.common.telemetry.RequestSpan;

/** A request's span, its workload and its outcome, kept as request attributes between the filter and the handlers. */
public final class Spans {
  private Spans() {}

  static final String SPAN = "relix.span";
  static final String WORKLOAD = "relix.workload";
  static final String OUTCOME = "relix.outcome";

  public static RequestSpan of(HttpServletRequest request) {
    return (RequestSpan) request.getAttribute(SPAN);
  }

  /** The span of the request this thread serves, or null outside a request. */
  public static RequestSpan current() {
    RequestAttributes attributes = RequestContextHolder.getRequestAttributes();
    return attributes == null ? null : (RequestSpan) attributes.getAttribute(SPAN, RequestAttributes.SCOPE_REQUEST);
  }

  /** Marks the request as the workload's: only those are counted, as on the Node REST API. */
  public static void servesWorkload(HttpServletRequest request, String workload) {
    request.setAttribute(WORKLOAD, workload);
  }

  public static void ended(HttpServletRequest request, Outcome outcome) {
    request.setAttribute(OUTCOME, outcome);
  }
}
