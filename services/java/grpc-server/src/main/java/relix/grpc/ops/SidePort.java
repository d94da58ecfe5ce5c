package relix.grpc.ops;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import relix.common.repository.CatalogRepository;
import relix.common.telemetry.ServerTelemetry;

/**
 * The gRPC stack's small HTTP side port, as apps/grpc-api/src/metrics-server.ts: /healthz, /readyz,
 * /stats (the runner's counters; POST with the reset header starts a new peak-RSS window) and
 * /metrics. The JDK's own HTTP server: nothing here is on a measured path.
 */
public final class SidePort implements AutoCloseable {
  private static final String NOT_FOUND = "{\"error\":{\"code\":\"not_found\",\"message\":\"unknown path\"}}";

  private final HttpServer server;
  private final ExecutorService executor;
  private final ServerTelemetry telemetry;
  private final CatalogRepository repository;
  private final ObjectMapper json;

  public SidePort(String host, int port, ServerTelemetry telemetry, CatalogRepository repository, ObjectMapper json)
      throws IOException {
    this.telemetry = telemetry;
    this.repository = repository;
    this.json = json;
    server = HttpServer.create(new InetSocketAddress(host, port), 64);
    executor =
        Executors.newFixedThreadPool(
            2,
            task -> {
              Thread thread = new Thread(task, "relix-side-port");
              thread.setDaemon(true);
              return thread;
            });
    server.setExecutor(executor);
    server.createContext("/", this::answer);
    server.start();
  }

  public int port() {
    return server.getAddress().getPort();
  }

  private void answer(HttpExchange exchange) throws IOException {
    try (exchange) {
      String path = exchange.getRequestURI().getPath();
      String method = exchange.getRequestMethod();
      // The one POST: the runner's peak-RSS reset (a GET only reads).
      boolean resetPeakRss = method.equals("POST") && path.equals("/stats");
      if (!method.equals("GET") && !resetPeakRss) {
        exchange.sendResponseHeaders(405, -1);
        return;
      }
      switch (path) {
        case "/healthz" -> send(exchange, 200, "application/json", "{\"status\":\"ok\"}");
        case "/readyz" -> {
          CatalogRepository.Readiness ready = repository.checkReady();
          Map<String, Object> answer = new java.util.LinkedHashMap<>();
          answer.put("status", ready.ready() ? "ready" : "not ready");
          answer.put("cache", ready.cache());
          answer.put("store", ready.store());
          String body = json.writeValueAsString(answer);
          send(exchange, ready.ready() ? 200 : 503, "application/json", body);
        }
        case "/metrics" -> send(exchange, 200, ServerTelemetry.METRICS_CONTENT_TYPE, telemetry.metricsText());
        case "/stats" -> {
          if (resetPeakRss && !"1".equals(exchange.getRequestHeaders().getFirst(ServerTelemetry.PEAK_RSS_RESET_HEADER))) {
            String refused =
                "{\"error\":{\"code\":\"" + ServerTelemetry.RESET_REFUSED_CODE + "\",\"message\":"
                    + json.writeValueAsString(ServerTelemetry.RESET_REFUSED_MESSAGE) + "}}";
            send(exchange, ServerTelemetry.RESET_REFUSED_STATUS, "application/json", refused);
            return;
          }
          boolean keepInterval = "1".equals(exchange.getRequestHeaders().getFirst(ServerTelemetry.KEEP_INTERVAL_HEADER));
          send(exchange, 200, "application/json", json.writeValueAsString(telemetry.snapshot(resetPeakRss, keepInterval)));
        }
        default -> send(exchange, 404, "application/json", NOT_FOUND);
      }
    }
  }

  private static void send(HttpExchange exchange, int status, String contentType, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("content-type", contentType);
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }
}
