package relix.spring.web;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import java.util.Map;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import relix.common.calls.CallContext;
import relix.common.domain.Item;
import relix.common.json.RelixJson;
import relix.common.requests.JsonBodies;
import relix.common.requests.JsonRequests;
import relix.common.requests.RequestRules;
import relix.common.services.BenchService;
import relix.common.services.Services;
import relix.common.telemetry.RequestSpan;
import relix.spring.telemetry.Spans;

/**
 * The catalog's REST routes this stack serves (packages/core/src/catalog/workloads/): the same paths,
 * request checks and JSON as the Node REST API. A trailing slash is accepted, as Express accepts it.
 * Every reply is JSON whatever the Accept header says, as on the Node stacks.
 */
@RestController
public class WorkloadController {
  public record ItemList(List<Item> items) {}

  public record AddReply(int sum) {}

  private static final Map<String, Object> EMPTY = Map.of();

  private final Services services;
  private final JsonBodies bodies = new JsonBodies(RelixJson.newMapper());

  public WorkloadController(Services services) {
    this.services = services;
  }

  @GetMapping({"/v1/noop", "/v1/noop/"})
  public ResponseEntity<Object> noop(HttpServletRequest request) {
    Spans.servesWorkload(request, "noop");
    contextOf(request);
    return json(EMPTY);
  }

  @GetMapping({"/v1/items/{id}", "/v1/items/{id}/"})
  public ResponseEntity<Object> getItem(HttpServletRequest request, @PathVariable("id") String id) throws Exception {
    Spans.servesWorkload(request, "item.get");
    CallContext ctx = contextOf(request);
    long itemId = RequestRules.idFromPath(id);
    return json(Spans.of(request).timeService(() -> services.catalog().getItem(itemId, ctx)));
  }

  @GetMapping({"/v1/items", "/v1/items/"})
  public ResponseEntity<Object> listItems(HttpServletRequest request) throws Exception {
    Spans.servesWorkload(request, "item.list");
    CallContext ctx = contextOf(request);
    String[] limits = request.getParameterValues("limit");
    int limit = RequestRules.limitFromQuery(limits == null ? null : List.of(limits));
    return json(new ItemList(Spans.of(request).timeService(() -> services.catalog().listItems(limit, ctx))));
  }

  @PostMapping({"/v1/echo", "/v1/echo/"})
  public ResponseEntity<Object> echo(HttpServletRequest request) throws Exception {
    Spans.servesWorkload(request, "echo");
    CallContext ctx = contextOf(request);
    JsonRequests.EchoRequest echo = JsonRequests.echo(jsonBody(request));
    BenchService.EchoReply reply = Spans.of(request).timeService(() -> services.bench().echo(echo.data(), ctx));
    return json(reply);
  }

  @PostMapping({"/v1/math/add", "/v1/math/add/"})
  public ResponseEntity<Object> add(HttpServletRequest request) throws Exception {
    Spans.servesWorkload(request, "math.add");
    contextOf(request);
    JsonRequests.AddRequest add = JsonRequests.add(jsonBody(request));
    int sum = Spans.of(request).timeService(() -> services.math().add(add.a(), add.b()));
    return json(new AddReply(sum));
  }

  private static CallContext contextOf(HttpServletRequest request) {
    return CallContext.from(request::getHeader);
  }

  /** The JSON body, its decode timed as codec time; null when the request carries none. */
  private JsonNode jsonBody(HttpServletRequest request) throws Exception {
    boolean hasBody = BodyReader.hasBody(request);
    byte[] body = hasBody ? BodyReader.read(request) : new byte[0];
    RequestSpan span = Spans.of(request);
    return span.timeCodec(
        () -> bodies.read(body, hasBody, request.getContentType(), request.getHeader("content-encoding")));
  }

  /** A preset content type skips Spring's Accept negotiation: the answer is JSON, as on every stack. */
  static ResponseEntity<Object> json(Object body) {
    return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(body);
  }
}
