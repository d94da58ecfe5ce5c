package relix.common.contract;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import relix.common.calls.CallContext;
import relix.common.domain.DomainException;
import relix.common.json.JsNumbers;
import relix.common.requests.JsonRequests;
import relix.common.requests.RequestRules;
import relix.common.telemetry.ServerTelemetry;

/**
 * The Java stacks' code held to the shared contract fixtures (contract/fixtures/ at the repository's
 * root), which the Node and Python tests read too: numbers as JSON.stringify writes them, the
 * refusals of the workloads these stacks serve in zod's words, the header names. A program, not a
 * JUnit suite: the build compiles it and skips tests (a failing build would only leave the Java
 * stacks unbuilt), and the conformance suite runs it (java-contract-fixtures.test.ts) as it runs
 * pytest for Python. Prints each failure and one closing "N passed, N failed" line; exits 1 on any.
 */
public final class ContractFixturesCheck {
  private final List<String> failures = new ArrayList<>();
  private int passed;

  /** How a refusal of a workload this runtime serves is reached: the body, or the route's parameters. */
  private static final Map<String, Function<JsonNode, Object>> REFUSING =
      Map.of(
          "math.add", body -> JsonRequests.add(body),
          "echo", body -> JsonRequests.echo(body),
          "item.get", params -> RequestRules.idFromPath(params.get("id").asText()));

  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println("usage: ContractFixturesCheck <contract/fixtures folder>");
      System.exit(2);
    }
    ContractFixturesCheck check = new ContractFixturesCheck();
    ObjectMapper json = new ObjectMapper();
    Path folder = Path.of(args[0]);
    check.numbers(json.readTree(folder.resolve("js-numbers.json").toFile()));
    check.refusals(json.readTree(folder.resolve("refusals.json").toFile()));
    check.headers(json.readTree(folder.resolve("headers.json").toFile()));
    check.failures.forEach(System.out::println);
    System.out.println(check.passed + " passed, " + check.failures.size() + " failed");
    System.exit(check.failures.isEmpty() ? 0 : 1);
  }

  private void expect(String what, Object expected, Object actual) {
    if (Objects.equals(expected, actual)) passed++;
    else failures.add(what + ": expected " + expected + ", got " + actual);
  }

  private void numbers(JsonNode fixture) {
    for (JsonNode c : fixture.get("cases")) {
      String value = c.get("value").asText();
      expect("js-numbers.json " + value, c.get("text").asText(), JsNumbers.format(Double.parseDouble(value)));
    }
  }

  private void refusals(JsonNode fixture) {
    for (JsonNode c : fixture.get("cases")) {
      Function<JsonNode, Object> refusing = REFUSING.get(c.get("workload").asText());
      if (refusing == null) continue; // a workload the Java stacks do not serve
      String what = "refusals.json " + c.get("workload").asText() + " " + c.get("message").asText();
      // An absent body is no body at all: null, as the stacks' body reader gives it.
      JsonNode input = c.has("params") ? c.get("params") : c.get("body");
      try {
        refusing.apply(input);
        failures.add(what + ": accepted");
      } catch (DomainException refused) {
        expect(what, c.get("field").asText() + " | " + c.get("message").asText(),
            refused.field() + " | " + refused.getMessage());
      }
    }
  }

  private void headers(JsonNode fixture) {
    expect("headers.json cacheMode", fixture.get("cacheMode").asText(), CallContext.CACHE_MODE_HEADER);
    expect("headers.json delayMs", fixture.get("delayMs").asText(), CallContext.DELAY_HEADER);
    expect("headers.json peakRssReset", fixture.get("peakRssReset").asText(), ServerTelemetry.PEAK_RSS_RESET_HEADER);
    expect("headers.json keepInterval", fixture.get("keepInterval").asText(), ServerTelemetry.KEEP_INTERVAL_HEADER);
  }
}
