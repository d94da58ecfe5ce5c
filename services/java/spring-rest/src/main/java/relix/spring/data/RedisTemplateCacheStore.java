package relix.spring.data;

import java.time.Duration;
import java.util.Objects;
import org.springframework.data.redis.core.StringRedisTemplate;
import relix.common.repository.CacheStore;

/** The shared cache through Spring Data Redis: plain string values, the JSON the Node services write. */
final class RedisTemplateCacheStore implements CacheStore {
  private final StringRedisTemplate redis;

  RedisTemplateCacheStore(StringRedisTemplate redis) {
    this.redis = redis;
  }

  @Override
  public String get(String key) {
    return redis.opsForValue().get(key);
  }

  @Override
  public void set(String key, String value, int ttlSeconds) {
    redis.opsForValue().set(key, value, Duration.ofSeconds(ttlSeconds));
  }

  @Override
  public void del(String key) {
    redis.delete(key);
  }

  @Override
  public void ping() {
    String answer = redis.execute(connection -> connection.ping(), true);
    if (!"PONG".equals(Objects.requireNonNullElse(answer, ""))) throw new IllegalStateException("Redis answered " + answer);
  }
}
