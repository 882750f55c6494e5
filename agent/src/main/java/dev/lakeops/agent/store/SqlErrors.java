package dev.lakeops.agent.store;

import java.sql.SQLException;

/**
 * Turns JDBC errors into one-line {@link StoreException}s and recognises the ones callers handle.
 */
public final class SqlErrors {

  private SqlErrors() {}

  /** SQLSTATE 23505, which both H2 and PostgreSQL report for a duplicate unique key. */
  public static boolean isUniqueViolation(SQLException e) {
    for (SQLException next = e; next != null; next = next.getNextException()) {
      if ("23505".equals(next.getSQLState())) {
        return true;
      }
    }
    return false;
  }

  public static StoreException wrap(String operation, SQLException e) {
    String message =
        e.getMessage() == null
            ? e.getClass().getSimpleName()
            : e.getMessage().lines().findFirst().orElse("");
    return new StoreException(
        "Database error while trying to "
            + operation
            + ": "
            + message
            + (e.getSQLState() == null ? "" : " (SQLSTATE " + e.getSQLState() + ")"),
        e);
  }
}
