package dev.lakeops.eval.sandbox;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A private MariaDB server (the Debian package's {@code mariadbd}) under a directory of its own, on
 * a loopback port, with ROW binlogs and CRC32 checksums (binlog.md §14). Two accounts reachable
 * over TCP: {@link #ADMIN_USER} (all privileges, for workloads) and {@link #CDC_USER} (the grants a
 * CDC connector has). Stopped by its PID on {@link #close}, and by a shutdown hook should the JVM
 * exit first.
 */
public final class MariaDbServer implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(MariaDbServer.class);
  public static final String ADMIN_USER = "lakeops";
  public static final String ADMIN_PASSWORD = "lakeops-admin";
  public static final String CDC_USER = "cdc";
  public static final String CDC_PASSWORD = "cdc-secret";
  private static final Duration READERS_GONE_WITHIN = Duration.ofSeconds(10);
  public static final String BINLOG_BASE = "mysql-bin";
  private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
  private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);
  private static final Duration POLL = Duration.ofMillis(200);
  private static final int MAX_SOCKET_PATH = 100;

  private final Path dir;
  private final int port;
  private final List<String> extraOptions;
  private final Path socket;
  private Process process;
  private Thread shutdownHook;

  private MariaDbServer(Path dir, int port, List<String> extraOptions, Path socket) {
    this.dir = dir;
    this.port = port;
    this.extraOptions = List.copyOf(extraOptions);
    this.socket = socket;
  }

  /** As {@link #start(Path, int, List)} with no extra options. */
  public static MariaDbServer start(Path dir, int port) {
    return start(dir, port, List.of());
  }

  /**
   * Initializes a data directory under {@code dir} (unless one is there) and starts the server on
   * 127.0.0.1:{@code port}, returning once the admin account can log in over TCP.
   *
   * @param extraOptions more {@code mariadbd} options, e.g. {@code --binlog-checksum=NONE}; later
   *     ones win
   * @throws SandboxException mariadbd is not installed, the port is taken, or the server did not
   *     start in time (the message quotes its error log); nothing is left running
   */
  public static MariaDbServer start(Path dir, int port, List<String> extraOptions) {
    Path abs = dir.toAbsolutePath();
    Path socket = abs.resolve("mysql.sock");
    if (socket.toString().length() > MAX_SOCKET_PATH) {
      try {
        socket = Files.createTempDirectory("mdb").resolve("mysql.sock");
      } catch (IOException e) {
        throw new UncheckedIOException("Failed to create a directory for the MariaDB socket", e);
      }
    }
    MariaDbServer server = new MariaDbServer(abs, port, extraOptions, socket);
    server.initialize();
    server.launch();
    return server;
  }

  public int port() {
    return port;
  }

  public String jdbcUrl() {
    return "jdbc:mariadb://127.0.0.1:" + port + "/";
  }

  public Path dir() {
    return dir;
  }

  public Path binlogDir() {
    return dir.resolve("binlog");
  }

  public Path binlogFile(String name) {
    return binlogDir().resolve(name);
  }

  public Path errorLog() {
    return dir.resolve("mariadbd.err");
  }

  public long pid() {
    return process.pid();
  }

  public boolean isAlive() {
    return process != null && process.isAlive();
  }

  /** A new connection as {@link #ADMIN_USER}. */
  public Connection connectAdmin() throws SQLException {
    return connect(ADMIN_USER, ADMIN_PASSWORD);
  }

  public Connection connect(String user, String password) throws SQLException {
    Properties props = new Properties();
    props.setProperty("user", user);
    props.setProperty("password", password);
    props.setProperty("connectTimeout", "5000");
    return new org.mariadb.jdbc.Driver().connect(jdbcUrl(), props);
  }

  /** Runs each statement on one admin connection, in order. */
  public void execute(String... statements) {
    try (Connection c = connectAdmin();
        Statement s = c.createStatement()) {
      for (String sql : statements) {
        s.execute(sql);
      }
    } catch (SQLException e) {
      throw new SandboxException(
          "MariaDB on port " + port + " refused a statement: " + e.getMessage(), e);
    }
  }

  /**
   * {@code SELECT COUNT(*)} of {@code table} ({@code database.table}, named by the caller).
   *
   * @throws SandboxException the query failed
   */
  public long count(String table) {
    try (Connection c = connectAdmin();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + table)) {
      rs.next();
      return rs.getLong(1);
    } catch (SQLException e) {
      throw new SandboxException(
          "MariaDB on port " + port + " could not count " + table + ": " + e.getMessage(), e);
    }
  }

  /**
   * Ends every binlog dump thread of the server ({@code KILL CONNECTION}) and waits until they are
   * gone: each client streaming the binlog (a CDC connector, a replica) loses its connection, as in
   * a failover or a proxy's idle timeout. A dump thread also outlives its client until it next
   * sends, so a connector stopped a moment ago may still be listed.
   *
   * @throws SandboxException a thread is still there 10 s after the kill, or a statement failed
   */
  public void disconnectBinlogReaders() {
    long deadline = System.nanoTime() + READERS_GONE_WITHIN.toNanos();
    while (true) {
      List<Long> readers = new ArrayList<>();
      try (Connection c = connectAdmin();
          Statement s = c.createStatement()) {
        try (ResultSet rs =
            s.executeQuery(
                "SELECT ID FROM information_schema.PROCESSLIST WHERE COMMAND LIKE 'Binlog"
                    + " Dump%'")) {
          while (rs.next()) {
            readers.add(rs.getLong(1));
          }
        }
        for (long id : readers) {
          try {
            s.execute("KILL CONNECTION " + id);
          } catch (SQLException e) {
            // ER_NO_SUCH_THREAD: it ended between the query and the kill
            if (e.getErrorCode() != 1094) {
              throw e;
            }
          }
        }
      } catch (SQLException e) {
        throw new SandboxException(
            "MariaDB on port " + port + " could not end its binlog readers: " + e.getMessage(), e);
      }
      if (readers.isEmpty()) {
        return;
      }
      if (System.nanoTime() > deadline) {
        throw new SandboxException(
            "Binlog dump threads "
                + readers
                + " of MariaDB on port "
                + port
                + " still run "
                + READERS_GONE_WITHIN.toSeconds()
                + " s after KILL");
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new SandboxException("Interrupted ending the binlog dump threads", e);
      }
    }
  }

  /**
   * Stops the server (SIGTERM: a clean shutdown that closes the binlog), then starts it again on
   * the same data directory; for tests that change files while it is down, use {@link #stop} and
   * {@link #startAgain} separately.
   */
  public void restart() {
    stop();
    launch();
  }

  /**
   * Stops the server by its PID: SIGTERM, then SIGKILL after 30 s. Does nothing if stopped.
   *
   * @throws SandboxException it survived being killed
   */
  public synchronized void stop() {
    if (process == null) {
      return;
    }
    Process p = process;
    if (p.isAlive()) {
      p.destroy();
      try {
        if (!p.waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
          LOG.warn(
              "mariadbd (pid {}) did not stop within {} s; killing it",
              p.pid(),
              STOP_TIMEOUT.toSeconds());
          p.destroyForcibly();
          if (!p.waitFor(10, TimeUnit.SECONDS)) {
            throw new SandboxException("mariadbd (pid " + p.pid() + ") survived being killed");
          }
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        p.destroyForcibly();
      }
    }
    if (shutdownHook != null) {
      try {
        Runtime.getRuntime().removeShutdownHook(shutdownHook);
      } catch (IllegalStateException e) {
        // the JVM is already shutting down: the hook is what is running
      }
      shutdownHook = null;
    }
    LOG.debug("Stopped mariadbd (pid {}) on port {}", p.pid(), port);
  }

  /** Starts the server again after {@link #stop}, on the same data directory and options. */
  public synchronized void startAgain() {
    if (isAlive()) {
      throw new IllegalStateException(
          "mariadbd on port " + port + " is running (pid " + pid() + ")");
    }
    launch();
  }

  @Override
  public void close() {
    stop();
  }

  private void initialize() {
    Path data = dir.resolve("data");
    if (Files.isDirectory(data.resolve("mysql"))) {
      return;
    }
    Path installDb = executable("mariadb-install-db", "/usr/bin/mariadb-install-db");
    List<String> command =
        new ArrayList<>(
            List.of(
                installDb.toString(),
                "--no-defaults",
                "--datadir=" + data,
                "--auth-root-authentication-method=normal",
                "--skip-test-db"));
    if (isRoot()) {
      command.add("--user=root");
    }
    try {
      Files.createDirectories(data);
      Files.createDirectories(binlogDir());
      Path log = dir.resolve("install-db.log");
      Process p =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      if (!p.waitFor(START_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
        p.destroyForcibly();
        throw new SandboxException(
            "mariadb-install-db did not finish within "
                + START_TIMEOUT.toSeconds()
                + " s; see "
                + log);
      }
      if (p.exitValue() != 0) {
        throw new SandboxException(
            "mariadb-install-db failed with exit code "
                + p.exitValue()
                + ":\n  | "
                + String.join("\n  | ", tail(log, 15)));
      }
      Files.writeString(
          dir.resolve("init.sql"),
          String.join(
              "\n",
              "SET sql_log_bin=0;",
              "CREATE USER IF NOT EXISTS '"
                  + ADMIN_USER
                  + "'@'%' IDENTIFIED BY '"
                  + ADMIN_PASSWORD
                  + "';",
              "GRANT ALL PRIVILEGES ON *.* TO '" + ADMIN_USER + "'@'%' WITH GRANT OPTION;",
              "CREATE USER IF NOT EXISTS '"
                  + CDC_USER
                  + "'@'%' IDENTIFIED BY '"
                  + CDC_PASSWORD
                  + "';",
              "GRANT SELECT, RELOAD, SHOW DATABASES, REPLICATION SLAVE, BINLOG MONITOR, REPLICA"
                  + " MONITOR ON *.* TO '"
                  + CDC_USER
                  + "'@'%';",
              ""),
          StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to initialize a MariaDB data directory in " + data, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SandboxException("Interrupted while initializing MariaDB in " + data, e);
    }
  }

  private synchronized void launch() {
    LocalPorts.requireFree(port, "MariaDB");
    Path mariadbd = executable("mariadbd", "/usr/sbin/mariadbd");
    List<String> command =
        new ArrayList<>(
            List.of(
                mariadbd.toString(),
                "--no-defaults",
                "--datadir=" + dir.resolve("data"),
                "--socket=" + socket,
                "--port=" + port,
                "--bind-address=127.0.0.1",
                "--skip-networking=0",
                "--skip-name-resolve",
                "--pid-file=" + dir.resolve("mariadbd.pid"),
                "--log-error=" + errorLog(),
                "--init-file=" + dir.resolve("init.sql"),
                "--server-id=1",
                "--log-bin=" + binlogDir().resolve(BINLOG_BASE),
                "--binlog-format=ROW",
                "--binlog-row-image=FULL",
                "--binlog-checksum=CRC32",
                "--gtid-domain-id=0",
                "--gtid-strict-mode=1",
                "--innodb-buffer-pool-size=32M",
                "--innodb-log-file-size=16M",
                "--max-connections=40",
                "--performance-schema=OFF"));
    if (isRoot()) {
      command.add("--user=root");
    }
    command.addAll(extraOptions);
    try {
      process =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(
                  ProcessBuilder.Redirect.appendTo(dir.resolve("mariadbd.out").toFile()))
              .start();
    } catch (IOException e) {
      throw new SandboxException("Failed to start " + mariadbd + ": " + e.getMessage(), e);
    }
    Process started = process;
    shutdownHook =
        new Thread(
            () -> {
              if (started.isAlive()) {
                started.destroy();
              }
            },
            "mariadbd-" + port + "-stop");
    Runtime.getRuntime().addShutdownHook(shutdownHook);
    try {
      awaitReady();
    } catch (RuntimeException e) {
      stop();
      throw e;
    }
    LOG.debug("Started mariadbd (pid {}) on 127.0.0.1:{} in {}", started.pid(), port, dir);
  }

  private void awaitReady() {
    long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
    SQLException last = null;
    while (true) {
      if (!process.isAlive()) {
        throw failure(
            "mariadbd (pid "
                + process.pid()
                + ") exited with code "
                + process.exitValue()
                + " while starting");
      }
      try (Connection c = connectAdmin()) {
        if (c.isValid(2)) {
          return;
        }
      } catch (SQLException e) {
        last = e;
      }
      if (System.nanoTime() > deadline) {
        throw failure(
            "mariadbd (pid "
                + process.pid()
                + ") did not accept connections on port "
                + port
                + " within "
                + START_TIMEOUT.toSeconds()
                + " s"
                + (last == null ? "" : " (last error: " + last.getMessage() + ")"));
      }
      try {
        Thread.sleep(POLL.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new SandboxException("Interrupted while waiting for mariadbd on port " + port, e);
      }
    }
  }

  private SandboxException failure(String message) {
    List<String> tail = tail(errorLog(), 15);
    return new SandboxException(
        message
            + (tail.isEmpty()
                ? "; its error log " + errorLog() + " is empty"
                : "; last lines of " + errorLog() + ":\n  | " + String.join("\n  | ", tail)));
  }

  private static List<String> tail(Path file, int lines) {
    try {
      List<String> all = Files.readAllLines(file, StandardCharsets.UTF_8);
      return all.subList(Math.max(0, all.size() - lines), all.size());
    } catch (IOException e) {
      return List.of();
    }
  }

  private static Path executable(String name, String usual) {
    for (String entry : System.getenv().getOrDefault("PATH", "").split(":")) {
      Path candidate = Path.of(entry.isEmpty() ? "." : entry, name);
      if (Files.isExecutable(candidate)) {
        return candidate;
      }
    }
    Path fallback = Path.of(usual);
    if (Files.isExecutable(fallback)) {
      return fallback;
    }
    throw new SandboxException(
        name
            + " not found on PATH or at "
            + usual
            + ": install the Debian package mariadb-server (scripts/test.sh does, as root)");
  }

  private static boolean isRoot() {
    return "root".equals(System.getProperty("user.name"));
  }
}
