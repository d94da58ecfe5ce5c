package relix.yardstick;

import java.util.Map;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;

/**
 * The Java floor's framework yardstick: a Spring Boot app with one Spring MVC route (ItemRoute)
 * doing only a warm item.get's Redis GET. PORT and REDIS_URL from the environment; it prints one
 * line once Tomcat listens (the floor script waits for it) and stops on SIGTERM.
 */
@SpringBootApplication
public class SpringYardstickApplication {
  public static void main(String[] args) {
    SpringApplication application = new SpringApplication(SpringYardstickApplication.class);
    application.setDefaultProperties(
        Map.of(
            "server.address", "127.0.0.1",
            "server.port", System.getenv("PORT"),
            "spring.data.redis.url", System.getenv("REDIS_URL")));
    application.run(args);
  }

  @EventListener
  void ready(ApplicationReadyEvent event) {
    System.out.println("reference spring on " + System.getenv("PORT"));
  }
}
