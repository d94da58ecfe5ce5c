package relix.common.requests;

/**
 * A REST body refused before it is a request (not JSON, too large, an encoding the stack does not
 * read), answered with the status, code and words of apps/rest-api/src/error-responses.ts.
 */
public final class BodyRefusal extends RuntimeException {
  public final int status;
  public final String code;

  public BodyRefusal(int status, String code, String message) {
    super(message, null, false, false);
    this.status = status;
    this.code = code;
  }

  /** The field every body refusal names. */
  public String field() {
    return "body";
  }
}
