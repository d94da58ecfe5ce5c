package relix.common.config;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;

/**
 * MYSQL_URL as the Node services take it (mysql://user:password@host:port/database), turned into
 * what a JDBC pool needs. The MariaDB driver speaks to MySQL 8 and MariaDB alike.
 */
public record MysqlUrl(String host, int port, String database, String user, String password) {
  /** Parses `url`; throws IllegalArgumentException saying what is wrong with it. */
  public static MysqlUrl parse(String url) {
    URI uri = URI.create(url);
    String scheme = uri.getScheme();
    if (!"mysql".equals(scheme) && !"mariadb".equals(scheme)) {
      throw new IllegalArgumentException("must be a mysql:// URL (got scheme " + scheme + ")");
    }
    if (uri.getHost() == null) throw new IllegalArgumentException("names no host");
    String path = uri.getRawPath() == null ? "" : uri.getRawPath().replaceFirst("^/", "");
    if (path.isEmpty()) throw new IllegalArgumentException("names no database");
    String user = "root";
    String password = "";
    String userInfo = uri.getRawUserInfo();
    if (userInfo != null) {
      String[] parts = userInfo.split(":", 2);
      user = decode(parts[0]);
      password = parts.length > 1 ? decode(parts[1]) : "";
    }
    return new MysqlUrl(uri.getHost(), uri.getPort() == -1 ? 3306 : uri.getPort(), decode(path), user, password);
  }

  /**
   * The JDBC URL. A connection attempt gives up after 2 s (as the Node pool's connectTimeout); a
   * statement whose answer has not come within the query timeout fails (the socket timeout), and the
   * pool's wait for a connection is bounded by the same timeout, so a hung MySQL costs a request a
   * bounded wait and an answer of 503.
   */
  public String jdbcUrl(int queryTimeoutMs) {
    String host = this.host.contains(":") ? "[" + this.host + "]" : this.host;
    return "jdbc:mariadb://" + host + ":" + port + "/" + database
        + "?connectTimeout=2000&socketTimeout=" + queryTimeoutMs + "&tcpKeepAlive=true";
  }

  private static String decode(String raw) {
    return URLDecoder.decode(raw.replace("+", "%2B"), StandardCharsets.UTF_8);
  }
}
