package relix.grpc.stores;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SetArgs;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import java.time.Duration;
import relix.common.repository.CacheStore;

/**
 * The shared cache over Lettuce: one connection multiplexed by every request (as ioredis is in the
 * Node services), built to fail fast because every failure falls back to MySQL: commands are
 * refused at once while disconnected, a command times out after 500 ms, a connection attempt after
 * 1 s, and Lettuce reconnects in the background. Redis down at start-up is not fatal: the first
 * connection is tried again at most once a second until it succeeds.
 */
public final class LettuceCacheStore implements CacheStore, AutoCloseable {
  private static final Duration COMMAND_TIMEOUT = Duration.ofMillis(500);
  private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(1);
  private static final long RETRY_FIRST_CONNECT_MS = 1_000;

  private final RedisClient client;
  private volatile StatefulRedisConnection<String, String> connection;
  private long lastAttemptMs;

  public LettuceCacheStore(String url) {
    RedisURI uri = RedisURI.create(url);
    uri.setTimeout(COMMAND_TIMEOUT);
    client = RedisClient.create(uri);
    client.setOptions(
        ClientOptions.builder()
            .autoReconnect(true)
            .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
            .socketOptions(SocketOptions.builder().connectTimeout(CONNECT_TIMEOUT).keepAlive(true).build())
            .timeoutOptions(TimeoutOptions.enabled(COMMAND_TIMEOUT))
            .build());
  }

  /** Connects now if it can; a failure is left to the first request's fallback. */
  public boolean tryConnect() {
    try {
      connection();
      return true;
    } catch (Exception notYet) {
      return false;
    }
  }

  private StatefulRedisConnection<String, String> connection() {
    StatefulRedisConnection<String, String> current = connection;
    if (current != null) return current;
    synchronized (this) {
      if (connection != null) return connection;
      long now = System.currentTimeMillis();
      if (now - lastAttemptMs < RETRY_FIRST_CONNECT_MS) throw new IllegalStateException("Redis is not connected");
      lastAttemptMs = now;
      connection = client.connect();
      return connection;
    }
  }

  @Override
  public String get(String key) {
    return connection().sync().get(key);
  }

  @Override
  public void set(String key, String value, int ttlSeconds) {
    connection().sync().set(key, value, SetArgs.Builder.ex(ttlSeconds));
  }

  @Override
  public void del(String key) {
    connection().sync().del(key);
  }

  @Override
  public void ping() {
    connection().sync().ping();
  }

  @Override
  public void close() {
    StatefulRedisConnection<String, String> current = connection;
    if (current != null) current.close();
    client.shutdown(Duration.ZERO, Duration.ofSeconds(1));
  }
}
