package relix.grpc.ops;

import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.protobuf.services.HealthStatusManager;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import relix.common.repository.CatalogRepository;

/**
 * Keeps grpc.health.v1 in step with Redis and MySQL reachability, like /readyz: a check every 2 s,
 * the next one scheduled only once the last has answered (each answers within 1.5 s), so a hung
 * store never piles checks up and the status turns NOT_SERVING within a few seconds.
 */
public final class HealthTracker implements AutoCloseable {
  private static final long INTERVAL_MS = 2_000;

  private final HealthStatusManager health;
  private final CatalogRepository repository;
  private final ScheduledExecutorService scheduler =
      Executors.newSingleThreadScheduledExecutor(
          task -> {
            Thread thread = new Thread(task, "relix-health");
            thread.setDaemon(true);
            return thread;
          });

  public HealthTracker(HealthStatusManager health, CatalogRepository repository) {
    this.health = health;
    this.repository = repository;
    health.setStatus(HealthStatusManager.SERVICE_NAME_ALL_SERVICES, ServingStatus.NOT_SERVING);
    scheduler.schedule(this::check, 0, TimeUnit.MILLISECONDS);
  }

  private void check() {
    boolean ready = repository.checkReady().ready();
    health.setStatus(
        HealthStatusManager.SERVICE_NAME_ALL_SERVICES, ready ? ServingStatus.SERVING : ServingStatus.NOT_SERVING);
    try {
      scheduler.schedule(this::check, INTERVAL_MS, TimeUnit.MILLISECONDS);
    } catch (java.util.concurrent.RejectedExecutionException stopping) {
      // shutting down: no next check
    }
  }

  @Override
  public void close() {
    scheduler.shutdownNow();
    health.enterTerminalState();
  }
}
