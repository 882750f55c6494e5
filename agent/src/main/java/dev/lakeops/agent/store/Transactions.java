package dev.lakeops.agent.store;

import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * Runs work in one JDBC transaction on a connection of its own: committed when the work returns,
 * rolled back when it throws. A JDBC error becomes a {@link StoreException} naming the operation.
 */
public final class Transactions {

  /** Work on the transaction's connection. */
  @FunctionalInterface
  public interface Work<T> {
    T run(Connection c) throws SQLException;
  }

  private Transactions() {}

  /**
   * @param operation what the work does, for the error message ("append to the audit log")
   * @throws StoreException the database failed; nothing of the work was committed
   */
  public static <T> T run(DataSource dataSource, String operation, Work<T> work) {
    try (Connection c = dataSource.getConnection()) {
      boolean autoCommit = c.getAutoCommit();
      c.setAutoCommit(false);
      try {
        T result = work.run(c);
        c.commit();
        return result;
      } catch (SQLException | RuntimeException e) {
        c.rollback();
        throw e;
      } finally {
        c.setAutoCommit(autoCommit);
      }
    } catch (SQLException e) {
      throw SqlErrors.wrap(operation, e);
    }
  }
}
