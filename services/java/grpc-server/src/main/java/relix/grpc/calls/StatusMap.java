package relix.grpc.calls;

import io.grpc.Status;
import java.util.logging.Level;
import java.util.logging.Logger;
import relix.common.domain.DomainException;
import relix.common.telemetry.Outcome;

/** The one table from domain errors to gRPC status codes (apps/grpc-api/src/status-map.ts). */
public final class StatusMap {
  private static final Logger LOG = Logger.getLogger(StatusMap.class.getName());

  private StatusMap() {}

  public static Status statusOf(Throwable error) {
    if (error instanceof DomainException domain) {
      Status status =
          switch (domain.kind()) {
            case INVALID_ARGUMENT -> Status.INVALID_ARGUMENT;
            case NOT_FOUND -> Status.NOT_FOUND;
            case TOO_LARGE -> Status.RESOURCE_EXHAUSTED;
            case UNAVAILABLE -> Status.UNAVAILABLE;
          };
      return status.withDescription(domain.getMessage());
    }
    LOG.log(Level.SEVERE, "grpc-java: unexpected error", error);
    return Status.INTERNAL.withDescription("internal error");
  }

  /** How a call that ended with `status` is counted. */
  public static Outcome outcomeOf(Status status) {
    return switch (status.getCode()) {
      case OK -> Outcome.OK;
      case INVALID_ARGUMENT, RESOURCE_EXHAUSTED, OUT_OF_RANGE, FAILED_PRECONDITION -> Outcome.CLIENT_ERROR;
      case NOT_FOUND -> Outcome.NOT_FOUND;
      case UNAVAILABLE -> Outcome.UNAVAILABLE;
      case CANCELLED, DEADLINE_EXCEEDED -> Outcome.CANCELLED;
      default -> Outcome.SERVER_ERROR;
    };
  }
}
