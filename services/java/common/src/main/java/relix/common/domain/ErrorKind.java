package relix.common.domain;

/**
 * The kinds of domain error, as packages/core/src/domain/errors.ts names them. Each transport maps
 * them in one table: the HTTP status here (as apps/rest-api/src/error-responses.ts), the gRPC code
 * in the grpc-java stack's status map.
 */
public enum ErrorKind {
  INVALID_ARGUMENT("invalid_argument", 400),
  NOT_FOUND("not_found", 404),
  TOO_LARGE("too_large", 413),
  UNAVAILABLE("unavailable", 503);

  /** The `code` of the REST error body. */
  public final String code;
  public final int httpStatus;

  ErrorKind(String code, int httpStatus) {
    this.code = code;
    this.httpStatus = httpStatus;
  }
}
