package relix.common.telemetry;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;
import relix.common.json.JsNumbers;
import relix.common.repository.CacheEvent;

/**
 * /metrics in the Prometheus text format, with the names and labels of the Node services'
 * registry (packages/io/src/telemetry/server-telemetry.ts), so one dashboard reads every stack.
 * Written by hand: the handful of series here do not need a metrics library in both stacks.
 */
final class PrometheusMetrics {
  /** Seconds; fine at the bottom because a warm read on loopback takes well under a millisecond. */
  private static final double[] BUCKETS = {
    0.00005, 0.0001, 0.00025, 0.0005, 0.00075, 0.001, 0.0025, 0.005, 0.0075, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5,
    1, 2.5, 5, 10
  };

  private static final class Series {
    final LongAdder[] buckets = new LongAdder[BUCKETS.length];
    final LongAdder count = new LongAdder();
    final DoubleAdder sum = new DoubleAdder();

    Series() {
      for (int i = 0; i < buckets.length; i++) buckets[i] = new LongAdder();
    }
  }

  private final String protocol;
  private final Map<String, Series> durations = new ConcurrentHashMap<>();

  PrometheusMetrics(String protocol) {
    this.protocol = protocol;
  }

  void observe(String stack, String workload, Outcome outcome, double seconds) {
    String labels = "stack=\"" + stack + "\",workload=\"" + workload + "\",outcome=\"" + outcome.label + "\"";
    Series series = durations.computeIfAbsent(labels, key -> new Series());
    for (int i = 0; i < BUCKETS.length; i++) if (seconds <= BUCKETS[i]) series.buckets[i].increment();
    series.count.increment();
    series.sum.add(seconds);
  }

  String text(ServerTelemetry telemetry) {
    String common = "protocol=\"" + protocol + "\"";
    StringBuilder out = new StringBuilder(4096);
    out.append("# HELP relix_server_duration_seconds Server time per request: request in hand to reply handed to the transport\n");
    out.append("# TYPE relix_server_duration_seconds histogram\n");
    durations.forEach(
        (labels, series) -> {
          for (int i = 0; i < BUCKETS.length; i++) {
            out.append("relix_server_duration_seconds_bucket{le=\"").append(JsNumbers.format(BUCKETS[i])).append("\",")
                .append(labels).append(',').append(common).append("} ").append(series.buckets[i].sum()).append('\n');
          }
          out.append("relix_server_duration_seconds_bucket{le=\"+Inf\",").append(labels).append(',').append(common)
              .append("} ").append(series.count.sum()).append('\n');
          out.append("relix_server_duration_seconds_sum{").append(labels).append(',').append(common).append("} ")
              .append(JsNumbers.format(series.sum.sum())).append('\n');
          out.append("relix_server_duration_seconds_count{").append(labels).append(',').append(common).append("} ")
              .append(series.count.sum()).append('\n');
        });
    counter(out, "relix_cache_events_total", "Cache-aside events: hit, miss, bypass (cold mode), error (fell back to MySQL)");
    for (CacheEvent event : CacheEvent.values()) {
      out.append("relix_cache_events_total{event=\"").append(event.label).append("\",").append(common).append("} ")
          .append(telemetry.sharedCacheCount(event)).append('\n');
    }
    counter(out, "relix_memory_cache_events_total", "Cache mode memory's process-local cache-aside events: hit, miss");
    for (CacheEvent event : new CacheEvent[] {CacheEvent.HIT, CacheEvent.MISS}) {
      out.append("relix_memory_cache_events_total{event=\"").append(event.label).append("\",").append(common)
          .append("} ").append(telemetry.memoryCacheCount(event)).append('\n');
    }
    counter(out, "relix_server_split_seconds_total", "Server time split: service (the service call), codec (body encode/decode), rest (the remainder)");
    String stack = "stack=\"" + telemetry.stack() + "\"";
    double[] split = telemetry.splitSeconds();
    String[] parts = {"service", "codec", "rest"};
    for (int i = 0; i < parts.length; i++) {
      out.append("relix_server_split_seconds_total{").append(stack).append(",part=\"").append(parts[i]).append("\",")
          .append(common).append("} ").append(JsNumbers.format(split[i])).append('\n');
    }
    gauge(out, "relix_wire_bytes", "Bytes read and written at the server's sockets since start");
    WireCounter wire = telemetry.wire();
    out.append("relix_wire_bytes{").append(stack).append(",direction=\"received\",").append(common).append("} ")
        .append(wire.bytesReceived()).append('\n');
    out.append("relix_wire_bytes{").append(stack).append(",direction=\"sent\",").append(common).append("} ")
        .append(wire.bytesSent()).append('\n');
    gauge(out, "relix_peak_rss_bytes", "Peak resident set size since start or the last reset");
    out.append("relix_peak_rss_bytes{").append(common).append("} ").append(telemetry.peakRssBytes()).append('\n');
    return out.toString();
  }

  private static void counter(StringBuilder out, String name, String help) {
    out.append("# HELP ").append(name).append(' ').append(help).append('\n');
    out.append("# TYPE ").append(name).append(" counter\n");
  }

  private static void gauge(StringBuilder out, String name, String help) {
    out.append("# HELP ").append(name).append(' ').append(help).append('\n');
    out.append("# TYPE ").append(name).append(" gauge\n");
  }
}
