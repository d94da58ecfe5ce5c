package relix.spring;

import java.util.HashMap;
import java.util.Map;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import relix.common.config.InvalidEnvironmentException;
import relix.common.config.ServiceEnv;
import relix.common.config.ServiceEnv.PortVariable;

/**
 * The spring stack: Spring Boot 3 (Spring MVC on Tomcat, Jackson), Spring Data Redis (Lettuce)
 * and JDBC over HikariCP, serving the catalog's workloads over the same Redis and MySQL as the Node
 * services. The environment is read here, once, with the Node services' names and bounds.
 */
@SpringBootApplication
public class SpringRestApplication {
  static final PortVariable PORT = new PortVariable("SPRING_PORT");

  public static void main(String[] args) {
    ServiceEnv env;
    try {
      env = ServiceEnv.load(System.getenv(), PORT);
    } catch (InvalidEnvironmentException invalid) {
      System.err.println("spring: " + invalid.getMessage());
      System.exit(2);
      return;
    }
    SpringApplication application = new SpringApplication(SpringRestApplication.class);
    application.setDefaultProperties(propertiesOf(env));
    application.addInitializers(context -> context.getBeanFactory().registerSingleton("serviceEnv", env));
    application.run(args);
  }

  /** The validated environment as Spring Boot's own properties. */
  private static Map<String, Object> propertiesOf(ServiceEnv env) {
    Map<String, Object> properties = new HashMap<>();
    properties.put("server.address", env.host());
    properties.put("server.port", env.port(PORT.name()));
    properties.put("spring.data.redis.url", env.redisUrl());
    properties.put("spring.datasource.url", env.mysql().jdbcUrl(env.mysqlQueryTimeoutMs()));
    properties.put("spring.datasource.username", env.mysql().user());
    properties.put("spring.datasource.password", env.mysql().password());
    // A request waits at most the query timeout for a pooled connection, then answers 503.
    properties.put("spring.datasource.hikari.connection-timeout", env.mysqlQueryTimeoutMs());
    properties.put("spring.lifecycle.timeout-per-shutdown-phase", env.shutdownTimeoutMs() + "ms");
    return properties;
  }
}
