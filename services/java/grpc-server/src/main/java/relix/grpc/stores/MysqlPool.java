package relix.grpc.stores;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import relix.common.config.ServiceEnv;

/** The MySQL connection pool: the Node services' pool size, with every wait bounded by the query timeout. */
public final class MysqlPool {
  private MysqlPool() {}

  public static HikariDataSource open(ServiceEnv env) {
    HikariConfig config = new HikariConfig();
    config.setPoolName("relix-mysql");
    config.setJdbcUrl(env.mysql().jdbcUrl(env.mysqlQueryTimeoutMs()));
    config.setUsername(env.mysql().user());
    config.setPassword(env.mysql().password());
    config.setMaximumPoolSize(10);
    // A request waits at most this long for a pooled connection, then answers 503.
    config.setConnectionTimeout(env.mysqlQueryTimeoutMs());
    config.setValidationTimeout(1_000);
    // Start even when MySQL is down: /readyz says so, and the pool connects once it is back.
    config.setInitializationFailTimeout(-1);
    config.setKeepaliveTime(60_000);
    return new HikariDataSource(config);
  }
}
