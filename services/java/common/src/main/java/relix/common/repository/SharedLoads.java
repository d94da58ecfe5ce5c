package relix.common.repository;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;

/**
 * Concurrent loads of one key share a single source read, so a cold key under load does not
 * stampede MySQL. The first caller loads on its own thread; the others wait for its answer.
 */
final class SharedLoads {
  private final ConcurrentHashMap<String, CompletableFuture<Object>> inFlight = new ConcurrentHashMap<>();

  @SuppressWarnings("unchecked")
  <T> T load(String key, SourceLoad<T> load) throws Exception {
    CompletableFuture<Object> mine = new CompletableFuture<>();
    CompletableFuture<Object> pending = inFlight.putIfAbsent(key, mine);
    if (pending != null) return (T) await(pending);
    try {
      T value = load.load();
      mine.complete(value);
      return value;
    } catch (Exception error) {
      mine.completeExceptionally(error);
      throw error;
    } finally {
      inFlight.remove(key, mine);
    }
  }

  private static Object await(CompletableFuture<Object> pending) throws Exception {
    try {
      return pending.get();
    } catch (ExecutionException failed) {
      if (failed.getCause() instanceof Exception cause) throw cause;
      throw failed;
    }
  }
}
