package dev.lakeops.eval.binlog;

import dev.lakeops.eval.sandbox.MariaDbServer;
import dev.lakeops.tools.binlog.file.BinlogIntegrityAnalyzer;
import dev.lakeops.tools.binlog.file.BinlogReader;
import dev.lakeops.tools.binlog.file.BinlogVerdict;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A private MariaDB that ran {@link BinlogWorkload}, with clean copies of its closed binlogs and
 * the server's own event listing of each. Tests damage copies of the copies.
 */
final class LiveBinlogs implements AutoCloseable {

  final MariaDbServer server;
  final BinlogWorkload.Files files;
  final Map<String, ServerEvents> listings = new LinkedHashMap<>();
  final Map<String, byte[]> clean = new LinkedHashMap<>();

  private LiveBinlogs(MariaDbServer server, BinlogWorkload.Files files) {
    this.server = server;
    this.files = files;
  }

  /**
   * Starts a server on {@code port} under a new directory in {@code target/} and runs the workload.
   */
  static LiveBinlogs start(String name, int port) throws Exception {
    Path dir =
        Files.createTempDirectory(
            Files.createDirectories(Path.of("target", "mariadb")), name + "-");
    MariaDbServer server = MariaDbServer.start(dir, port);
    try {
      LiveBinlogs live = new LiveBinlogs(server, BinlogWorkload.run(server));
      for (String file :
          new String[] {
            live.files.rows(), live.files.mixed(), live.files.none(), live.files.afterNone()
          }) {
        live.listings.put(file, ServerEvents.list(server, file));
        live.clean.put(file, Files.readAllBytes(server.binlogFile(file)));
      }
      return live;
    } catch (Exception | Error e) {
      server.close();
      throw e;
    }
  }

  static BinlogVerdict verify(Path file) {
    BinlogIntegrityAnalyzer analyzer = new BinlogIntegrityAnalyzer();
    BinlogReader.read(file, analyzer);
    return analyzer.verdict();
  }

  static Path write(Path dir, String name, byte[] content) {
    try {
      return Files.write(dir.resolve(name), content);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Stops the server and, once it is down, deletes its directory (about 35 MB of InnoDB files). */
  @Override
  public void close() {
    server.close();
    try (java.util.stream.Stream<Path> walk = Files.walk(server.dir())) {
      for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to delete " + server.dir(), e);
    }
  }
}
