package relix.common.config;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The environment a Java stack reads once at start-up, with the names and bounds of the Node
 * services' packages/io/src/config/env.ts where they exist. Everything else receives this typed config.
 * There is no embedded fallback here: REDIS_URL and MYSQL_URL are required.
 */
public record ServiceEnv(
    String redisUrl,
    MysqlUrl mysql,
    String host,
    int cacheTtlSeconds,
    int mysqlQueryTimeoutMs,
    int shutdownTimeoutMs,
    Map<String, Integer> ports) {

  private static final Pattern DIGITS = Pattern.compile("\\d+");

  /**
   * A port this stack listens on, by its variable's name. It has no default here: the runner (and
   * the conformance suite) always sets it from the stack's record in packages/core/src/stacks/,
   * where the default is written once.
   */
  public record PortVariable(String name) {}

  /** Parses `env`, failing with every problem listed, each naming its variable. */
  public static ServiceEnv load(Map<String, String> env, PortVariable... portVariables) {
    List<String> problems = new ArrayList<>();
    String redisUrl = env.get("REDIS_URL");
    String mysqlUrl = env.get("MYSQL_URL");
    if (redisUrl == null || mysqlUrl == null) {
      problems.add(
          "REDIS_URL and MYSQL_URL must be set (for example redis://127.0.0.1:6379 and "
              + "mysql://relix:relix@127.0.0.1:3306/relix)");
    }
    if (redisUrl != null) checkRedisUrl(redisUrl, problems);
    MysqlUrl mysql = null;
    if (mysqlUrl != null) {
      try {
        mysql = MysqlUrl.parse(mysqlUrl);
      } catch (IllegalArgumentException bad) {
        problems.add("MYSQL_URL: " + bad.getMessage());
      }
    }
    String host = env.getOrDefault("HOST", "127.0.0.1");
    if (host.isBlank()) problems.add("HOST: must not be empty");
    int ttl = wholeNumber(env, "CACHE_TTL_SECONDS", 3_600, 1, 86_400, problems);
    int queryTimeout = wholeNumber(env, "MYSQL_QUERY_TIMEOUT_MS", 5_000, 100, 60_000, problems);
    int shutdownTimeout = wholeNumber(env, "SHUTDOWN_TIMEOUT_MS", 5_000, 100, 60_000, problems);
    Map<String, Integer> ports = new java.util.LinkedHashMap<>();
    for (PortVariable port : portVariables) {
      if (env.get(port.name()) == null || env.get(port.name()).isBlank()) {
        problems.add(
            port.name()
                + ": must be set (the runner sets it from the stack's record in packages/core/src/stacks/;"
                + " to start this server by hand, give it a port)");
        continue;
      }
      ports.put(port.name(), wholeNumber(env, port.name(), 0, 0, 65_535, problems));
    }
    if (!problems.isEmpty()) throw new InvalidEnvironmentException(problems);
    return new ServiceEnv(redisUrl, mysql, host, ttl, queryTimeout, shutdownTimeout, Map.copyOf(ports));
  }

  public int port(String name) {
    return ports.get(name);
  }

  private static void checkRedisUrl(String url, List<String> problems) {
    try {
      URI uri = URI.create(url);
      if (!"redis".equals(uri.getScheme()) && !"rediss".equals(uri.getScheme())) {
        problems.add("REDIS_URL: must be a redis:// URL (got scheme " + uri.getScheme() + ")");
      } else if (uri.getHost() == null) {
        problems.add("REDIS_URL: names no host");
      }
    } catch (IllegalArgumentException bad) {
      problems.add("REDIS_URL: is not a URL (" + bad.getMessage() + ")");
    }
  }

  private static int wholeNumber(
      Map<String, String> env, String name, int defaultValue, int min, int max, List<String> problems) {
    String raw = env.get(name);
    if (raw == null) return defaultValue;
    if (!DIGITS.matcher(raw.trim()).matches() || raw.trim().length() > 9) {
      problems.add(name + ": must be a whole number from " + min + " to " + max + " (got \"" + raw + "\")");
      return defaultValue;
    }
    int value = Integer.parseInt(raw.trim());
    if (value < min || value > max) {
      problems.add(name + ": must be from " + min + " to " + max + " (got " + value + ")");
    }
    return value;
  }
}
