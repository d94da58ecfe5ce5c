package relix.floor;

import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.codec.RedisCodec;
import io.lettuce.core.codec.StringCodec;
import java.util.concurrent.CountDownLatch;

/**
 * The Java floor for `pnpm bench:floor --runtime java`: `http` or `grpc` as the one argument, with
 * PORT and REDIS_URL from the environment. It prints one line when it listens (the floor script
 * waits for it) and stops on SIGTERM.
 *
 * One Lettuce connection, multiplexed by every request and read asynchronously: what the Java
 * stacks' cache store does (and ioredis in the Node references), without its fail-fast options,
 * which cost nothing on a hit.
 */
public final class FloorReferenceMain {
  private FloorReferenceMain() {}

  /** The key every stack caches an item under (packages/io/src/repository/cache-keys.ts). */
  static String itemKey(long id) {
    return "relix:v1:item:" + id;
  }

  public static void main(String[] args) throws Exception {
    String kind = args.length == 1 ? args[0] : "";
    int port = Integer.parseInt(System.getenv("PORT"));
    RedisClient client = RedisClient.create(System.getenv("REDIS_URL"));
    // Keys as text, values as the cached bytes: the HTTP reference answers them without decoding.
    StatefulRedisConnection<String, byte[]> redis =
        client.connect(RedisCodec.of(StringCodec.UTF8, ByteArrayCodec.INSTANCE));
    AutoCloseable server =
        switch (kind) {
          case "http" -> BareHttpReference.start(port, redis.async());
          case "grpc" -> BareGrpcReference.start(port, redis.async());
          default -> throw new IllegalArgumentException("usage: relix-floor-reference.jar http|grpc");
        };
    System.out.println("reference " + kind + " on " + port);
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  try {
                    server.close();
                  } catch (Exception ignored) {
                    // Stopping anyway: nothing is left to serve.
                  }
                  redis.close();
                  client.shutdown();
                  stopped.countDown();
                }));
    stopped.await();
  }
}
