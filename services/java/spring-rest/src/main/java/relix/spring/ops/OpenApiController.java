package relix.spring.ops;

import java.io.IOException;
import java.io.InputStream;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The stack's OpenAPI document at /openapi.json: contract/openapi/spring.json, written from the
 * TypeScript catalog and this stack's record (packages/core/src/openapi/) and packed into the jar
 * by the build, so it lists exactly the routes this stack serves. Read once, when the context starts.
 */
@RestController
public class OpenApiController {
  static final String RESOURCE = "/openapi/spring.json";

  private final byte[] document;

  public OpenApiController() throws IOException {
    try (InputStream in = OpenApiController.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(RESOURCE + " is not in the jar: run pnpm contract:openapi, then build.sh");
      }
      document = in.readAllBytes();
    }
  }

  @GetMapping("/openapi.json")
  public ResponseEntity<byte[]> openApi() {
    return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(document);
  }
}
