package relix.common.repository;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Readiness of one store (packages/io/src/repository/readiness-probe.ts): callers that arrive while a
 * ping runs share it, so a hung store never has more than one ping in flight from this process, and
 * each caller has its answer within the timeout (a ping still running then counts as not ready).
 */
public final class ReadinessProbe {
  /** A ping of the store; throws when it is not reachable. */
  @FunctionalInterface
  public interface Ping {
    void ping() throws Exception;
  }

  private final Ping ping;
  private final long timeoutMs;
  private final ExecutorService executor;
  private CompletableFuture<Boolean> inFlight;

  public ReadinessProbe(Ping ping, long timeoutMs, ExecutorService executor) {
    this.ping = ping;
    this.timeoutMs = timeoutMs;
    this.executor = executor;
  }

  public boolean ready() {
    try {
      return shared().get(timeoutMs, TimeUnit.MILLISECONDS);
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      return false;
    } catch (Exception noAnswerInTime) {
      return false;
    }
  }

  private synchronized CompletableFuture<Boolean> shared() {
    if (inFlight == null) {
      CompletableFuture<Boolean> started = CompletableFuture.supplyAsync(this::answers, executor);
      inFlight = started;
      // A ping that has already finished runs this callback at once and clears inFlight: the
      // probe must return the future it started, not re-read the field.
      started.whenComplete((answer, error) -> forget(started));
      return started;
    }
    return inFlight;
  }

  private synchronized void forget(CompletableFuture<Boolean> finished) {
    if (inFlight == finished) inFlight = null;
  }

  private boolean answers() {
    try {
      ping.ping();
      return true;
    } catch (Exception notReachable) {
      return false;
    }
  }
}
