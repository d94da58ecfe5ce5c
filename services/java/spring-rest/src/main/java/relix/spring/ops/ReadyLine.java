package relix.spring.ops;

import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import relix.common.config.ServiceEnv;

/** One line when the server is ready (the runner waits for /healthz or /readyz; this is for people). */
@Component
class ReadyLine {
  private final ServiceEnv env;

  ReadyLine(ServiceEnv env) {
    this.env = env;
  }

  @EventListener
  void ready(ApplicationReadyEvent event) {
    int port = ((WebServerApplicationContext) event.getApplicationContext()).getWebServer().getPort();
    System.out.printf(
        "relix spring listening on http://%s:%d (store: mysql, cache: redis)%n", env.host(), port);
  }
}
