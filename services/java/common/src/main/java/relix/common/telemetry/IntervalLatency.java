package relix.common.telemetry;

import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Server time per request over the interval since it was last taken: what the runner's live chart
 * shows (packages/io/src/telemetry/interval-latency.ts), from the same HDR histogram settings
 * (integer microseconds, 3 significant digits).
 */
final class IntervalLatency {
  private Histogram histogram = newHistogram();
  private long errors;
  private long sinceNanos = System.nanoTime();

  private static Histogram newHistogram() {
    Histogram histogram = new Histogram(1, 120_000_000L, 3);
    histogram.setAutoResize(true);
    return histogram;
  }

  synchronized void record(double latencyUs, boolean ok) {
    if (ok) histogram.recordValue(Math.max(1, Math.round(latencyUs)));
    else errors++;
  }

  /** The figures so far, the interval going on. */
  synchronized Map<String, Object> peek() {
    Map<String, Object> figures = new LinkedHashMap<>();
    long count = histogram.getTotalCount();
    figures.put("durationMs", (System.nanoTime() - sinceNanos) / 1e6);
    figures.put("count", count);
    figures.put("errors", errors);
    figures.put("p50Ms", count == 0 ? 0 : usToMs(histogram.getValueAtPercentile(50)));
    figures.put("p99Ms", count == 0 ? 0 : usToMs(histogram.getValueAtPercentile(99)));
    return figures;
  }

  /** The figures so far, and a new interval from now. */
  synchronized Map<String, Object> take() {
    long now = System.nanoTime();
    Map<String, Object> figures = peek();
    histogram = newHistogram();
    errors = 0;
    sinceNanos = now;
    return figures;
  }

  private static double usToMs(long us) {
    return us / 1000.0;
  }
}
