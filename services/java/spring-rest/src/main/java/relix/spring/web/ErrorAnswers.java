package relix.spring.web;

import com.fasterxml.jackson.annotation.JsonInclude;
import jakarta.servlet.http.HttpServletRequest;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.servlet.NoHandlerFoundException;
import relix.common.domain.DomainException;
import relix.common.requests.BodyRefusal;
import relix.common.telemetry.Outcome;
import relix.spring.telemetry.Spans;

/**
 * Every failure -> its answer, the same body on every HTTP stack (apps/rest-api/src/error-responses.ts):
 * `{"error":{"code","message","field"?}}`. Domain errors by their kind; a path or a method no route
 * serves is 404 naming both, as Express answers; anything unexpected is logged and answered 500
 * without its details.
 */
@RestControllerAdvice
public class ErrorAnswers {
  private static final Logger LOG = Logger.getLogger(ErrorAnswers.class.getName());

  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Problem(String code, String message, String field) {}

  public record ErrorBody(Problem error) {}

  @ExceptionHandler(DomainException.class)
  ResponseEntity<ErrorBody> domain(DomainException error, HttpServletRequest request) {
    Spans.ended(request, Outcome.of(error));
    return answer(error.kind().httpStatus, error.kind().code, error.getMessage(), error.field());
  }

  @ExceptionHandler(BodyRefusal.class)
  ResponseEntity<ErrorBody> body(BodyRefusal refusal, HttpServletRequest request) {
    Spans.ended(request, Outcome.CLIENT_ERROR);
    return answer(refusal.status, refusal.code, refusal.getMessage(), refusal.field());
  }

  @ExceptionHandler({NoHandlerFoundException.class, HttpRequestMethodNotSupportedException.class})
  ResponseEntity<ErrorBody> noRoute(HttpServletRequest request) {
    return answer(404, "not_found", "no route for " + request.getMethod() + " " + request.getRequestURI(), null);
  }

  @ExceptionHandler(Exception.class)
  ResponseEntity<ErrorBody> unexpected(Exception error, HttpServletRequest request) {
    LOG.log(Level.SEVERE, "spring: unexpected error", error);
    Spans.ended(request, Outcome.SERVER_ERROR);
    return answer(500, "internal", "internal error", null);
  }

  static ResponseEntity<ErrorBody> answer(int status, String code, String message, String field) {
    return ResponseEntity.status(status)
        .contentType(MediaType.APPLICATION_JSON)
        .body(new ErrorBody(new Problem(code, message, field)));
  }
}
