package relix.yardstick;

import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * GET /v1/items/{id}: the item's cached JSON, read with Spring Data Redis and written as it is
 * (200), or 404. The least a Spring MVC controller can do for this route: Spring's dispatch, path
 * variable binding and message converter are there, the spring stack's own work (id and header
 * checks, cache-aside, Jackson parse and write of the item, telemetry) is not.
 */
@RestController
class ItemRoute {
  /** The key every stack caches an item under (packages/io/src/repository/cache-keys.ts). */
  private static final String ITEM_KEY_PREFIX = "relix:v1:item:";

  private final StringRedisTemplate redis;

  ItemRoute(StringRedisTemplate redis) {
    this.redis = redis;
  }

  @GetMapping("/v1/items/{id}")
  ResponseEntity<String> item(@PathVariable("id") String id) {
    String cached = redis.opsForValue().get(ITEM_KEY_PREFIX + id);
    if (cached == null) return ResponseEntity.status(404).contentType(MediaType.APPLICATION_JSON).body("{}");
    return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(cached);
  }
}
