package dev.lakeops.eval.sandbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A private PostgreSQL server from Debian's {@code postgresql} package: its own data directory
 * under {@code workDir}, listening on 127.0.0.1 only, with a database {@code lakeops} owned by the
 * user {@code lakeops} (trust authentication: loopback and tests only). Stopped by PID on {@link
 * #close} or when this JVM exits.
 *
 * <p>PostgreSQL refuses to run as root, so when the tests run as root the server runs as the
 * package's {@code postgres} user (through {@code setpriv}, which execs, so the PID we hold is the
 * postmaster's).
 */
public final class PostgresServer implements AutoCloseable {

  public static final String DATABASE = "lakeops";
  public static final String USER = "lakeops";
  private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

  private final Process process;
  private final int port;
  private final Path workDir;
  private final Path serverDir;
  private final Thread shutdownHook;
  private boolean closed;

  private PostgresServer(Process process, int port, Path workDir, Path serverDir) {
    this.process = process;
    this.port = port;
    this.workDir = workDir;
    this.serverDir = serverDir;
    this.shutdownHook = new Thread(this::stopProcess, "postgres-shutdown");
    Runtime.getRuntime().addShutdownHook(shutdownHook);
  }

  /**
   * Initialises a data directory under {@code workDir}, starts the server on {@code port} and
   * creates the {@code lakeops} database.
   *
   * @throws SandboxException PostgreSQL is not installed, the port is taken, or it did not start
   */
  public static PostgresServer start(Path workDir, int port) {
    Path bin = binDir();
    LocalPorts.requireFree(port, "PostgreSQL");
    Path serverDir;
    try {
      Files.createDirectories(workDir);
      // As root the server runs as postgres, which may not traverse workDir's parents (mktemp -d
      // makes
      // them 0700): its files then go to a directory of its own under the system temp directory.
      serverDir = isRoot() ? Files.createTempDirectory("lakeops-postgres-") : workDir;
      Files.createDirectories(serverDir.resolve("sockets"));
      if (isRoot()) {
        run(
            List.of("chown", "-R", "postgres:postgres", serverDir.toString()),
            workDir.resolve("chown.log"));
      }
    } catch (IOException e) {
      throw new SandboxException("Cannot prepare " + workDir + ": " + e.getMessage());
    }
    Path data = serverDir.resolve("pgdata");
    Path sockets = serverDir.resolve("sockets");
    run(
        asServerUser(
            List.of(
                bin.resolve("initdb").toString(),
                "-D",
                data.toString(),
                "-U",
                USER,
                "--auth=trust",
                "-E",
                "UTF8",
                "--no-locale",
                "--no-sync")),
        workDir.resolve("initdb.log"));
    List<String> server =
        asServerUser(
            List.of(
                bin.resolve("postgres").toString(),
                "-D",
                data.toString(),
                "-p",
                Integer.toString(port),
                "-c",
                "listen_addresses=127.0.0.1",
                "-c",
                "unix_socket_directories=" + sockets,
                "-c",
                "fsync=off",
                "-c",
                "max_connections=100",
                "-c",
                "shared_buffers=32MB"));
    Process process;
    try {
      process =
          new ProcessBuilder(server)
              .redirectErrorStream(true)
              .redirectOutput(
                  ProcessBuilder.Redirect.appendTo(workDir.resolve("postgres.log").toFile()))
              .start();
      Files.writeString(workDir.resolve("postgres.pid"), Long.toString(process.pid()));
    } catch (IOException e) {
      throw new SandboxException("Cannot start " + server.get(0) + ": " + e.getMessage());
    }
    PostgresServer pg = new PostgresServer(process, port, workDir, serverDir);
    try {
      pg.awaitReady();
      pg.createDatabase();
    } catch (RuntimeException e) {
      pg.close();
      throw e;
    }
    return pg;
  }

  /** JDBC URL of the {@code lakeops} database. */
  public String jdbcUrl() {
    return "jdbc:postgresql://127.0.0.1:" + port + "/" + DATABASE;
  }

  public int port() {
    return port;
  }

  public long pid() {
    return process.pid();
  }

  /** A new connection to the {@code lakeops} database. */
  public Connection connect() throws SQLException {
    return DriverManager.getConnection(jdbcUrl(), USER, "");
  }

  private void awaitReady() {
    Instant deadline = Instant.now().plus(START_TIMEOUT);
    String url = "jdbc:postgresql://127.0.0.1:" + port + "/postgres";
    SQLException last = null;
    while (Instant.now().isBefore(deadline)) {
      if (!process.isAlive()) {
        throw new SandboxException(
            "PostgreSQL exited with code "
                + process.exitValue()
                + " while starting; see "
                + workDir.resolve("postgres.log"));
      }
      try (Connection c = DriverManager.getConnection(url, USER, "")) {
        return;
      } catch (SQLException e) {
        last = e;
      }
      sleep(Duration.ofMillis(200));
    }
    throw new SandboxException(
        "PostgreSQL did not accept connections on port "
            + port
            + " within "
            + START_TIMEOUT.toSeconds()
            + " s ("
            + (last == null ? "" : last.getMessage())
            + "); see "
            + workDir.resolve("postgres.log"));
  }

  private void createDatabase() {
    try (Connection c =
            DriverManager.getConnection(
                "jdbc:postgresql://127.0.0.1:" + port + "/postgres", USER, "");
        Statement s = c.createStatement()) {
      s.execute("CREATE DATABASE " + DATABASE + " OWNER " + USER);
    } catch (SQLException e) {
      throw new SandboxException("Cannot create database " + DATABASE + ": " + e.getMessage());
    }
  }

  /** Stops the server by PID (fast shutdown, then kill). Idempotent; also runs at JVM shutdown. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      Runtime.getRuntime().removeShutdownHook(shutdownHook);
    } catch (IllegalStateException e) {
      // The JVM is shutting down; the hook stops the server.
    }
    stopProcess();
    if (!serverDir.equals(workDir)) {
      Directories.deleteRecursively(serverDir);
    }
  }

  private void stopProcess() {
    if (!process.isAlive()) {
      return;
    }
    // SIGINT is PostgreSQL's "fast" shutdown: ends sessions, checkpoints, exits.
    signal("INT");
    try {
      if (!process.waitFor(20, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }

  private void signal(String name) {
    try {
      new ProcessBuilder("kill", "-" + name, Long.toString(process.pid()))
          .start()
          .waitFor(5, TimeUnit.SECONDS);
    } catch (IOException e) {
      process.destroy();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * The newest {@code /usr/lib/postgresql/<version>/bin} that has {@code initdb} and {@code
   * postgres}.
   */
  static Path binDir() {
    Path root = Path.of("/usr/lib/postgresql");
    if (Files.isDirectory(root)) {
      try (Stream<Path> versions = Files.list(root)) {
        var found =
            versions
                .map(v -> v.resolve("bin"))
                .filter(
                    b ->
                        Files.isExecutable(b.resolve("initdb"))
                            && Files.isExecutable(b.resolve("postgres")))
                .max(Comparator.comparing(b -> versionOf(b.getParent().getFileName().toString())));
        if (found.isPresent()) {
          return found.get();
        }
      } catch (IOException e) {
        throw new SandboxException("Cannot list " + root + ": " + e.getMessage());
      }
    }
    throw new SandboxException(
        "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/postgres); "
            + "install the Debian package postgresql (scripts/test.sh does)");
  }

  private static int versionOf(String name) {
    try {
      return Integer.parseInt(name.replaceAll("\\D.*", ""));
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  private static List<String> asServerUser(List<String> command) {
    if (!isRoot()) {
      return command;
    }
    List<String> wrapped =
        new ArrayList<>(
            List.of("setpriv", "--reuid=postgres", "--regid=postgres", "--init-groups", "--"));
    wrapped.addAll(command);
    return wrapped;
  }

  private static boolean isRoot() {
    return "root".equals(System.getProperty("user.name"));
  }

  private static void run(List<String> command, Path log) {
    try {
      Process p =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
              .start();
      if (!p.waitFor(120, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new SandboxException(
            String.join(" ", command) + " did not finish within 120 s; see " + log);
      }
      if (p.exitValue() != 0) {
        throw new SandboxException(
            command.get(command.indexOf("--") + 1)
                + " failed with exit code "
                + p.exitValue()
                + ": "
                + tail(log));
      }
    } catch (IOException e) {
      throw new SandboxException("Cannot run " + command.get(0) + ": " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SandboxException("Interrupted while running " + command.get(0));
    }
  }

  private static String tail(Path log) {
    try {
      List<String> lines = Files.readAllLines(log);
      return String.join(" | ", lines.subList(Math.max(0, lines.size() - 3), lines.size()));
    } catch (IOException e) {
      return "see " + log;
    }
  }

  private static void sleep(Duration d) {
    try {
      Thread.sleep(d.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SandboxException("Interrupted while waiting for PostgreSQL");
    }
  }
}
