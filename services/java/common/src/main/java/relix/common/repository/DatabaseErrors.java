package relix.common.repository;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientException;
import java.util.Set;
import relix.common.domain.DomainException;

/**
 * Which database failures mean "the database cannot be used" (503 / UNAVAILABLE) rather than "the
 * query is wrong" (a bug: 500), as packages/io/src/repository/database-errors.ts decides for mysql2:
 * no connection, a timed-out wait or statement, or a server that refuses us (credentials, database,
 * table).
 */
public final class DatabaseErrors {
  private DatabaseErrors() {}

  /** ER_CON_COUNT_ERROR, ER_SERVER_SHUTDOWN, ER_ACCESS_DENIED_ERROR, ER_BAD_DB_ERROR, ER_NO_SUCH_TABLE. */
  private static final Set<Integer> UNAVAILABLE_CODES = Set.of(1040, 1053, 1045, 1049, 1146);

  public static boolean isUnavailable(Throwable error) {
    for (Throwable cause = error; cause != null; cause = cause.getCause()) {
      if (cause instanceof SQLTransientException
          || cause instanceof SQLRecoverableException
          || cause instanceof SQLNonTransientConnectionException) return true;
      if (cause instanceof SQLException sql) {
        String state = sql.getSQLState();
        if ((state != null && (state.startsWith("08") || state.equals("HYT00") || state.equals("70100")))
            || UNAVAILABLE_CODES.contains(sql.getErrorCode())) return true;
      }
      if (cause instanceof java.io.IOException) return true;
    }
    return false;
  }

  /** Runs a store call and turns an outage into the domain's `unavailable`. */
  public static <T> T guard(SourceLoad<T> call) throws Exception {
    try {
      return call.load();
    } catch (Exception error) {
      if (isUnavailable(error)) throw DomainException.unavailable("database unavailable");
      throw error;
    }
  }
}
