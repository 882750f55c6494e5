package dev.lakeops.eval.cdc;

import dev.lakeops.eval.sandbox.MariaDbServer;
import dev.lakeops.tools.Json;
import dev.lakeops.tools.cdc.ConnectSnapshot;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;

/** Server-side facts and recorded answers for {@link DebeziumCdcIT}. */
final class CdcProbeSteps {

  private CdcProbeSteps() {}

  /** {@code SHOW MASTER STATUS} and {@code @@gtid_binlog_pos}. */
  record MasterStatus(String file, long position, String gtidBinlogPos) {}

  static MasterStatus masterStatus(MariaDbServer db) throws SQLException {
    try (Connection c = db.connectAdmin();
        Statement s = c.createStatement()) {
      String file;
      long pos;
      try (ResultSet rs = s.executeQuery("SHOW MASTER STATUS")) {
        rs.next();
        file = rs.getString(1);
        pos = rs.getLong(2);
      }
      try (ResultSet rs = s.executeQuery("SELECT @@gtid_binlog_pos")) {
        rs.next();
        return new MasterStatus(file, pos, rs.getString(1));
      }
    }
  }

  /** Writes {@code snapshot} as JSON to {@code target/cdc/<name>.json}, the analyzer fixtures. */
  static void record(String name, ConnectSnapshot snapshot) {
    write(Path.of("target", "cdc", name + ".json"), Json.compact(snapshot));
  }

  /**
   * Writes the worker's own answers about {@code connector} (root, status, config with secrets
   * masked, offsets) to {@code target/cdc/connect/<name>/}, for tests that replay a worker.
   */
  static void recordBodies(String workerUrl, String connector, String name) throws Exception {
    HttpClient http = HttpClient.newHttpClient();
    Path dir = Path.of("target", "cdc", "connect", name);
    Map<String, String> paths = new LinkedHashMap<>();
    paths.put("root.json", "/");
    paths.put("status.json", "/connectors/" + connector + "/status");
    paths.put("config.json", "/connectors/" + connector + "/config");
    paths.put("offsets.json", "/connectors/" + connector + "/offsets");
    for (Map.Entry<String, String> p : paths.entrySet()) {
      String body =
          http.send(
                  HttpRequest.newBuilder(URI.create(workerUrl + p.getValue())).GET().build(),
                  HttpResponse.BodyHandlers.ofString())
              .body();
      if (p.getKey().equals("config.json")) {
        body = body.replaceAll("(\"database\\.password\":\")[^\"]*", "$1masked");
      }
      write(dir.resolve(p.getKey()), body);
    }
  }

  static void write(Path file, String text) {
    try {
      Files.createDirectories(file.getParent());
      Files.writeString(file, text, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to write " + file, e);
    }
  }
}
