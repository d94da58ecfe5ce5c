package relix.common.config;

import java.util.List;

/** The environment cannot run a server; the message lists every variable at fault, one a line. */
public final class InvalidEnvironmentException extends RuntimeException {
  public InvalidEnvironmentException(List<String> problems) {
    super("invalid environment:\n  " + String.join("\n  ", problems));
  }
}
