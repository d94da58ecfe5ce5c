package relix.common.telemetry;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Resident memory of this process, and its peak sampled every 100 ms, as the Node services sample
 * theirs (packages/io/src/telemetry/peak-rss.ts), so both report the peak the same way. Linux only
 * (/proc/self/statm); elsewhere the JVM's committed heap stands in for it.
 */
public final class PeakRss implements AutoCloseable {
  private static final Path STATM = Path.of("/proc/self/statm");
  private static final long PAGE_BYTES = 4096;

  private final ScheduledExecutorService sampler =
      Executors.newSingleThreadScheduledExecutor(
          task -> {
            Thread thread = new Thread(task, "relix-peak-rss");
            thread.setDaemon(true);
            return thread;
          });
  private volatile long peak = current();
  private volatile long sinceMs = System.currentTimeMillis();

  public PeakRss() {
    sampler.scheduleAtFixedRate(this::sample, 100, 100, TimeUnit.MILLISECONDS);
  }

  public long current() {
    try {
      String[] fields = Files.readString(STATM).trim().split("\\s+");
      return Long.parseLong(fields[1]) * PAGE_BYTES;
    } catch (IOException | RuntimeException notLinux) {
      return Runtime.getRuntime().totalMemory();
    }
  }

  public long peak() {
    sample();
    return peak;
  }

  /** When the current window began (epoch ms). */
  public long sinceMs() {
    return sinceMs;
  }

  /** Starts a new window, so a run reports its own peak, not the start-up's. */
  public synchronized void reset() {
    peak = current();
    sinceMs = System.currentTimeMillis();
  }

  private synchronized void sample() {
    peak = Math.max(peak, current());
  }

  @Override
  public void close() {
    sampler.shutdownNow();
  }
}
