package relix.common.domain;

/**
 * A failure the caller is told about in the same words on every stack (the messages of
 * packages/core/src/domain/errors.ts). Services throw it; transports map its kind.
 */
public final class DomainException extends RuntimeException {
  private final ErrorKind kind;
  private final String field;

  private DomainException(ErrorKind kind, String message, String field) {
    super(message, null, false, false);
    this.kind = kind;
    this.field = field;
  }

  public static DomainException invalidArgument(String field, String message) {
    return new DomainException(ErrorKind.INVALID_ARGUMENT, field + ": " + message, field);
  }

  public static DomainException notFound(String what) {
    return new DomainException(ErrorKind.NOT_FOUND, what + " not found", null);
  }

  public static DomainException tooLarge(String message, String field) {
    return new DomainException(ErrorKind.TOO_LARGE, message, field);
  }

  public static DomainException unavailable(String message) {
    return new DomainException(ErrorKind.UNAVAILABLE, message, null);
  }

  public ErrorKind kind() {
    return kind;
  }

  /** The request field at fault, or null when there is none. */
  public String field() {
    return field;
  }
}
