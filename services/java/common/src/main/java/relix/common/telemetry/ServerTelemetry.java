package relix.common.telemetry;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import relix.common.repository.CacheEvent;
import relix.common.repository.CacheEventListener;

/**
 * The instrumentation of a Java stack, with the figures and the /stats shape of the Node services'
 * packages/io/src/telemetry/server-telemetry.ts: requests and server time, its split into service,
 * codec and rest, wire bytes, CPU, peak RSS and cache events, and the interval the live chart takes.
 */
public final class ServerTelemetry implements CacheEventListener, AutoCloseable {
  /** `x-relix-keep-interval: 1` on a read of /stats: the counters, without taking the interval. */
  public static final String KEEP_INTERVAL_HEADER = "x-relix-keep-interval";
  /** `x-relix-reset-peak-rss: 1` on POST /stats: snapshot, then a new peak-RSS window. */
  public static final String PEAK_RSS_RESET_HEADER = "x-relix-reset-peak-rss";
  /** The answer to a POST /stats without that header (packages/io/src/telemetry/peak-rss-reset.ts). */
  public static final int RESET_REFUSED_STATUS = 403;
  public static final String RESET_REFUSED_CODE = "forbidden";
  public static final String RESET_REFUSED_MESSAGE =
      "resetting the peak RSS is POST /stats with " + PEAK_RSS_RESET_HEADER
          + ": 1 (the runner's call); GET /stats only reads";

  private final String protocol;
  private final String stack;
  private final WireCounter wire = new WireCounter();
  private final PeakRss rss = new PeakRss();
  private final ProcessCpu cpu = new ProcessCpu();
  private final IntervalLatency interval = new IntervalLatency();
  private final PrometheusMetrics metrics;
  private final Map<CacheEvent, LongAdder> cacheCounts = counters();
  private final Map<CacheEvent, LongAdder> sharedCacheCounts = counters();
  private final Map<CacheEvent, LongAdder> memoryCacheCounts = counters();
  // Totals in nanoseconds; one lock keeps requests, time and split consistent with each other.
  private long requests;
  private long errors;
  // Part of errors (not ok), counted apart: a client that closes its connection with calls in
  // flight (a load generator at its end) failed nothing of the server's; the runner leaves them out.
  private long cancelled;
  private long serverNanos;
  private long serviceNanos;
  private long codecNanos;
  private long restNanos;

  public ServerTelemetry(String protocol, String stack) {
    this.protocol = protocol;
    this.stack = stack;
    this.metrics = new PrometheusMetrics(protocol);
  }

  private static Map<CacheEvent, LongAdder> counters() {
    Map<CacheEvent, LongAdder> counts = new EnumMap<>(CacheEvent.class);
    for (CacheEvent event : CacheEvent.values()) counts.put(event, new LongAdder());
    return counts;
  }

  public String stack() {
    return stack;
  }

  public WireCounter wire() {
    return wire;
  }

  @Override
  public void onEvent(CacheEvent event, boolean memory) {
    cacheCounts.get(event).increment();
    (memory ? memoryCacheCounts : sharedCacheCounts).get(event).increment();
  }

  /** Records one finished request (ends its span now). */
  public void finish(String workload, RequestSpan span, Outcome outcome) {
    long total = System.nanoTime() - span.startedNanos;
    long rest = Math.max(0, total - span.serviceNanos - span.codecNanos);
    long server = span.serviceNanos + span.codecNanos + rest;
    synchronized (this) {
      requests++;
      if (outcome != Outcome.OK) errors++;
      if (outcome == Outcome.CANCELLED) cancelled++;
      serverNanos += server;
      serviceNanos += span.serviceNanos;
      codecNanos += span.codecNanos;
      restNanos += rest;
    }
    interval.record(server / 1e3, outcome == Outcome.OK);
    metrics.observe(stack, workload, outcome, server / 1e9);
  }

  /**
   * The runner's /stats: cumulative counters to diff between two reads, and the interval since the
   * previous read that took it. `resetPeakRss` starts a new peak window after this snapshot.
   */
  public Map<String, Object> snapshot(boolean resetPeakRss, boolean keepInterval) {
    ProcessCpu.Usage usage = cpu.usage();
    Map<String, Object> snap = new LinkedHashMap<>();
    snap.put("protocol", protocol);
    snap.put("stack", stack);
    snap.put("pid", ProcessHandle.current().pid());
    snap.put("takenAt", System.currentTimeMillis());
    snap.put("backends", ordered("store", "mysql", "cache", "redis"));
    snap.put("cpu", ordered("userUs", usage.userUs(), "systemUs", usage.systemUs()));
    snap.put("rss", ordered("currentBytes", rss.current(), "peakBytes", rss.peak(), "peakSinceMs", rss.sinceMs()));
    snap.put(
        "wire",
        ordered(
            "bytesReceived", wire.bytesReceived(),
            "bytesSent", wire.bytesSent(),
            "connectionsOpened", wire.connectionsOpened(),
            "openConnections", wire.openConnections()));
    synchronized (this) {
      snap.put("requests", ordered(
              "requests", requests, "errors", errors, "cancelled", cancelled, "serverTimeUs", serverNanos / 1e3));
      snap.put("split", ordered("serviceUs", serviceNanos / 1e3, "codecUs", codecNanos / 1e3, "restUs", restNanos / 1e3));
    }
    Map<String, Object> cache = new LinkedHashMap<>();
    for (CacheEvent event : CacheEvent.values()) cache.put(event.label, cacheCounts.get(event).sum());
    snap.put("cache", cache);
    snap.put("interval", keepInterval ? interval.peek() : interval.take());
    if (resetPeakRss) rss.reset();
    return snap;
  }

  public String metricsText() {
    return metrics.text(this);
  }

  public static final String METRICS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

  long sharedCacheCount(CacheEvent event) {
    return sharedCacheCounts.get(event).sum();
  }

  long memoryCacheCount(CacheEvent event) {
    return memoryCacheCounts.get(event).sum();
  }

  synchronized double[] splitSeconds() {
    return new double[] {serviceNanos / 1e9, codecNanos / 1e9, restNanos / 1e9};
  }

  long peakRssBytes() {
    return rss.peak();
  }

  private static Map<String, Object> ordered(Object... keysAndValues) {
    Map<String, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) map.put((String) keysAndValues[i], keysAndValues[i + 1]);
    return map;
  }

  @Override
  public void close() {
    rss.close();
  }
}
