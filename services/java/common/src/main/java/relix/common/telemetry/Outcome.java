package relix.common.telemetry;

import relix.common.domain.DomainException;
import relix.common.requests.BodyRefusal;

/** How a request ended, as packages/io/src/telemetry/timing.ts labels it. */
public enum Outcome {
  OK("ok"),
  CLIENT_ERROR("client_error"),
  NOT_FOUND("not_found"),
  UNAVAILABLE("unavailable"),
  SERVER_ERROR("server_error"),
  /** The client went away before the answer. */
  CANCELLED("cancelled");

  public final String label;

  Outcome(String label) {
    this.label = label;
  }

  public static Outcome of(Throwable error) {
    if (error instanceof BodyRefusal) return CLIENT_ERROR;
    if (!(error instanceof DomainException domain)) return SERVER_ERROR;
    return switch (domain.kind()) {
      case NOT_FOUND -> NOT_FOUND;
      case UNAVAILABLE -> UNAVAILABLE;
      default -> CLIENT_ERROR;
    };
  }
}
