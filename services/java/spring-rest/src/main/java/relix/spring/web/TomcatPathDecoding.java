package relix.spring.web;

import org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * An encoded slash or backslash in a path (`/v1/items/%2F`, `%5C`) reaches the route, which
 * refuses the id in the Node stacks' words (400 JSON naming the field), as Express does. Tomcat's
 * default refuses either itself with its own HTML page before Spring MVC sees the request. Spring
 * MVC matches the path as sent and decodes each variable, so a `%2F` inside one stays inside it.
 */
@Configuration(proxyBeanMethods = false)
public class TomcatPathDecoding {
  @Bean
  WebServerFactoryCustomizer<TomcatServletWebServerFactory> encodedSlashesPassedToRoutes() {
    return factory ->
        factory.addConnectorCustomizers(
            connector -> {
              connector.setEncodedSolidusHandling("passthrough");
              connector.setEncodedReverseSolidusHandling("passthrough");
            });
  }
}
