package relix.spring.data;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.TimeoutOptions;
import java.time.Duration;
import javax.sql.DataSource;
import org.springframework.boot.autoconfigure.data.redis.LettuceClientConfigurationBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.core.StringRedisTemplate;
import relix.common.config.ServiceEnv;
import relix.common.json.RelixJson;
import relix.common.repository.CatalogRepository;
import relix.common.repository.ItemCodecs;
import relix.common.repository.JdbcItemStore;
import relix.common.services.Services;
import relix.common.telemetry.ServerTelemetry;

/**
 * The data access every request goes through: the cache-aside repository shared with the grpc-java
 * stack, over Spring Data Redis and the Boot-configured HikariCP DataSource.
 */
@Configuration(proxyBeanMethods = false)
public class DataAccessConfiguration {

  /** Redis commands are refused at once while disconnected (a cache outage falls back to MySQL without waiting). */
  @Bean
  LettuceClientConfigurationBuilderCustomizer failFastRedis() {
    return builder ->
        builder.clientOptions(
            ClientOptions.builder()
                .autoReconnect(true)
                .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                .socketOptions(SocketOptions.builder().connectTimeout(Duration.ofSeconds(1)).keepAlive(true).build())
                .timeoutOptions(TimeoutOptions.enabled(Duration.ofMillis(500)))
                .build());
  }

  @Bean(destroyMethod = "close")
  ServerTelemetry serverTelemetry() {
    return new ServerTelemetry("rest", "spring");
  }

  @Bean(destroyMethod = "close")
  CatalogRepository catalogRepository(
      StringRedisTemplate redis, DataSource dataSource, ServiceEnv env, ServerTelemetry telemetry) {
    // The cache's JSON is written by a mapper of its own: the bytes in Redis must not depend on
    // how Spring's web mapper is configured.
    var cacheJson = RelixJson.newMapper();
    return new CatalogRepository(
        new JdbcItemStore(dataSource, cacheJson, env.mysqlQueryTimeoutMs()),
        new RedisTemplateCacheStore(redis),
        new ItemCodecs(cacheJson),
        env.cacheTtlSeconds(),
        telemetry);
  }

  @Bean
  Services services(CatalogRepository repository) {
    return Services.over(repository);
  }
}
