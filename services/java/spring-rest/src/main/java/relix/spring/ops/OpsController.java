package relix.spring.ops;

import jakarta.servlet.http.HttpServletRequest;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import relix.common.repository.CatalogRepository;
import relix.common.telemetry.ServerTelemetry;

/**
 * Health, readiness, metrics and the runner's /stats, as on every Relix HTTP stack. Reading /stats
 * never resets anything; the runner's peak-RSS reset is a POST with a header no page of another
 * site can make a browser send (packages/io/src/telemetry/peak-rss-reset.ts).
 */
@RestController
public class OpsController {
  private final CatalogRepository repository;
  private final ServerTelemetry telemetry;

  public OpsController(CatalogRepository repository, ServerTelemetry telemetry) {
    this.repository = repository;
    this.telemetry = telemetry;
  }

  @GetMapping("/healthz")
  public ResponseEntity<Object> healthz() {
    return json(200, Map.of("status", "ok"));
  }

  @GetMapping("/readyz")
  public ResponseEntity<Object> readyz() {
    CatalogRepository.Readiness ready = repository.checkReady();
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("status", ready.ready() ? "ready" : "not ready");
    body.put("cache", ready.cache());
    body.put("store", ready.store());
    return json(ready.ready() ? 200 : 503, body);
  }

  @GetMapping("/stats")
  public ResponseEntity<Object> stats(HttpServletRequest request) {
    return json(200, telemetry.snapshot(false, keepsInterval(request)));
  }

  @PostMapping("/stats")
  public ResponseEntity<Object> resetPeakRss(HttpServletRequest request) {
    if (!"1".equals(request.getHeader(ServerTelemetry.PEAK_RSS_RESET_HEADER))) {
      Map<String, Object> problem = new LinkedHashMap<>();
      problem.put("code", ServerTelemetry.RESET_REFUSED_CODE);
      problem.put("message", ServerTelemetry.RESET_REFUSED_MESSAGE);
      return json(ServerTelemetry.RESET_REFUSED_STATUS, Map.of("error", problem));
    }
    return json(200, telemetry.snapshot(true, keepsInterval(request)));
  }

  @GetMapping("/metrics")
  public ResponseEntity<String> metrics() {
    return ResponseEntity.ok()
        .contentType(MediaType.parseMediaType(ServerTelemetry.METRICS_CONTENT_TYPE))
        .body(telemetry.metricsText());
  }

  /** `x-relix-keep-interval: 1`: the runner's counter reads leave the interval to its live poll. */
  private static boolean keepsInterval(HttpServletRequest request) {
    return "1".equals(request.getHeader(ServerTelemetry.KEEP_INTERVAL_HEADER));
  }

  private static ResponseEntity<Object> json(int status, Object body) {
    return ResponseEntity.status(status).contentType(MediaType.APPLICATION_JSON).body(body);
  }
}
