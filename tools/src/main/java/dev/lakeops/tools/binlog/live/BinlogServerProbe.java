package dev.lakeops.tools.binlog.live;

import static dev.lakeops.tools.Checks.checkArgument;

import dev.lakeops.tools.ProbeException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLSyntaxErrorException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import org.jspecify.annotations.Nullable;

/**
 * Reads a server's binlog state over JDBC with read-only statements only ({@code SELECT}, {@code
 * SHOW}); binlog.md §12. One connection per call, closed before returning.
 */
public final class BinlogServerProbe {

  /** The variables that decide whether CDC can read the binlog, and for how long. */
  static final List<String> VARIABLES =
      List.of(
          "log_bin",
          "server_id",
          "binlog_format",
          "binlog_row_image",
          "binlog_checksum",
          "master_verify_checksum",
          "gtid_mode",
          "enforce_gtid_consistency",
          "gtid_executed",
          "gtid_purged",
          "gtid_strict_mode",
          "gtid_binlog_pos",
          "gtid_current_pos",
          "gtid_domain_id",
          "expire_logs_days",
          "binlog_expire_logs_seconds",
          "max_binlog_size");

  public static final int MAX_EVENTS = 1000;

  private final BinlogServerConnection connection;
  private final Duration timeout;
  private final Clock clock;

  public BinlogServerProbe(BinlogServerConnection connection, Duration timeout, Clock clock) {
    checkArgument(
        !timeout.isNegative() && !timeout.isZero(), "timeout %s is not positive", timeout);
    this.connection = connection;
    this.timeout = timeout;
    this.clock = clock;
  }

  /**
   * Captures version, binlog files, write position, variables and (MariaDB) the oldest file's GTID
   * list.
   *
   * @throws ProbeException the server cannot be reached, refuses the account or a statement
   */
  public BinlogServerSnapshot capture() {
    List<String> queries = new ArrayList<>();
    try (Connection c = open()) {
      String version = single(c, queries, "SELECT VERSION()");
      Map<String, String> variables = variables(c, queries);
      boolean logBin = "ON".equalsIgnoreCase(variables.getOrDefault("log_bin", "OFF"));
      List<BinaryLogFile> logs = logBin ? binaryLogs(c, queries) : List.of();
      BinlogStatus status = logBin ? status(c, queries) : null;
      String oldestGtidList = null;
      if (!logs.isEmpty() && version.toLowerCase(Locale.ROOT).contains("mariadb")) {
        for (ServerBinlogEvent e : events(c, queries, logs.get(0).name(), 4, 4)) {
          if (e.eventType().equalsIgnoreCase("Gtid_list")) {
            oldestGtidList = e.info();
          }
        }
      }
      return new BinlogServerSnapshot(
          connection.endpoint(),
          version,
          logs,
          status,
          variables,
          oldestGtidList,
          queries,
          clock.instant());
    } catch (SQLException e) {
      throw failure(queries, e);
    }
  }

  /**
   * {@code SHOW BINLOG EVENTS IN 'file' FROM pos LIMIT n}.
   *
   * @throws ProbeException {@code NOT_FOUND} for a file the server does not have; other failures as
   *     {@link #capture}
   * @throws IllegalArgumentException a file name that is not a plain binlog file name, pos below 4
   *     or limit out of 1..1000
   */
  public List<ServerBinlogEvent> events(String file, long pos, int limit) {
    List<String> queries = new ArrayList<>();
    try (Connection c = open()) {
      return events(c, queries, file, pos, limit);
    } catch (SQLException e) {
      throw failure(queries, e);
    }
  }

  private List<ServerBinlogEvent> events(
      Connection c, List<String> queries, String file, long pos, int limit) throws SQLException {
    checkArgument(
        file.matches("[A-Za-z0-9._-]{1,255}"),
        "binlog file name %s is not a plain file name",
        file);
    checkArgument(pos >= 4, "position %s is below 4 (the first event starts after the magic)", pos);
    checkArgument(limit >= 1 && limit <= MAX_EVENTS, "limit %s is not 1-%s", limit, MAX_EVENTS);
    String sql = "SHOW BINLOG EVENTS IN '" + file + "' FROM " + pos + " LIMIT " + limit;
    List<ServerBinlogEvent> events = new ArrayList<>();
    try (Statement s = statement(c, queries, sql);
        ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        events.add(
            new ServerBinlogEvent(
                rs.getString(1),
                rs.getLong(2),
                rs.getString(3),
                rs.getLong(4),
                rs.getLong(5),
                rs.getString(6) == null ? "" : rs.getString(6)));
      }
    }
    return events;
  }

  private Map<String, String> variables(Connection c, List<String> queries) throws SQLException {
    String sql =
        "SHOW GLOBAL VARIABLES WHERE Variable_name IN ('" + String.join("','", VARIABLES) + "')";
    Map<String, String> values = new LinkedHashMap<>();
    try (Statement s = statement(c, queries, sql);
        ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        values.put(
            rs.getString(1).toLowerCase(Locale.ROOT),
            rs.getString(2) == null ? "" : rs.getString(2));
      }
    }
    return values;
  }

  private List<BinaryLogFile> binaryLogs(Connection c, List<String> queries) throws SQLException {
    String sql = "SHOW BINARY LOGS";
    List<BinaryLogFile> logs = new ArrayList<>();
    try (Statement s = statement(c, queries, sql);
        ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        logs.add(new BinaryLogFile(rs.getString(1), rs.getLong(2)));
      }
    }
    return logs;
  }

  /** {@code SHOW MASTER STATUS}; MySQL 8.4 removed it for {@code SHOW BINARY LOG STATUS}. */
  private @Nullable BinlogStatus status(Connection c, List<String> queries) throws SQLException {
    try {
      return status(c, queries, "SHOW MASTER STATUS");
    } catch (SQLSyntaxErrorException e) {
      return status(c, queries, "SHOW BINARY LOG STATUS");
    }
  }

  private @Nullable BinlogStatus status(Connection c, List<String> queries, String sql)
      throws SQLException {
    try (Statement s = statement(c, queries, sql);
        ResultSet rs = s.executeQuery(sql)) {
      if (!rs.next()) {
        return null;
      }
      String gtids = rs.getMetaData().getColumnCount() >= 5 ? rs.getString(5) : null;
      return new BinlogStatus(rs.getString(1), rs.getLong(2), gtids);
    }
  }

  private String single(Connection c, List<String> queries, String sql) throws SQLException {
    try (Statement s = statement(c, queries, sql);
        ResultSet rs = s.executeQuery(sql)) {
      return rs.next() && rs.getString(1) != null ? rs.getString(1) : "";
    }
  }

  private Statement statement(Connection c, List<String> queries, String sql) throws SQLException {
    queries.add(sql);
    Statement s = c.createStatement();
    s.setQueryTimeout((int) Math.max(1, timeout.toSeconds()));
    return s;
  }

  private Connection open() throws SQLException {
    Properties props = new Properties();
    props.setProperty("user", connection.user());
    props.setProperty("password", connection.password());
    props.setProperty("connectTimeout", Long.toString(timeout.toMillis()));
    props.setProperty("socketTimeout", Long.toString(timeout.toMillis()));
    String url = connection.jdbcUrl();
    if (url.startsWith("jdbc:mysql:")) {
      props.setProperty("permitMysqlScheme", "true");
    }
    // The driver itself rather than DriverManager: no dependence on service loading or a global
    // registry.
    Connection c = new org.mariadb.jdbc.Driver().connect(url, props);
    if (c == null) {
      throw new SQLNonTransientConnectionException(
          "the MariaDB driver does not accept the URL", "08001");
    }
    c.setReadOnly(true);
    return c;
  }

  private ProbeException failure(List<String> queries, SQLException e) {
    String query = queries.isEmpty() ? "connect" : queries.get(queries.size() - 1);
    String endpoint = connection.endpoint() + " " + query;
    String state = e.getSQLState() == null ? "" : e.getSQLState();
    String message =
        connection.redact(e.getMessage())
            + " [errno "
            + e.getErrorCode()
            + ", SQLSTATE "
            + state
            + "]";
    ProbeException.Code code;
    if (e.getErrorCode() == 1045 || state.equals("28000")) {
      code = ProbeException.Code.UNAUTHORIZED;
      message = "the server refused user " + connection.user() + ": " + message;
    } else if (e.getErrorCode() == 1227 || e.getErrorCode() == 1142) {
      code = ProbeException.Code.UNAUTHORIZED;
      message =
          "user "
              + connection.user()
              + " lacks a privilege (grant BINLOG MONITOR on MariaDB, REPLICATION CLIENT "
              + "on MySQL): "
              + message;
    } else if (e instanceof SQLTimeoutException) {
      code = ProbeException.Code.TIMEOUT;
    } else if (e instanceof SQLNonTransientConnectionException || state.startsWith("08")) {
      code = ProbeException.Code.UNREACHABLE;
    } else if (e.getErrorCode() == 1220 && message.contains("Could not find target log")) {
      code = ProbeException.Code.NOT_FOUND;
    } else {
      code = ProbeException.Code.BAD_RESPONSE;
    }
    return new ProbeException(code, endpoint, message, e);
  }
}
