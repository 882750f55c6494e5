package dev.lakeops.tools.binlog.live;

import dev.lakeops.tools.Json;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.ToolReports;
import dev.langchain4j.agent.tool.P;
import dev.langchain4j.agent.tool.Tool;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The {@code @Tool} facade over {@link BinlogServerProbe} and {@link BinlogServerAnalyzer}:
 * read-only, never throws. The {@code @Tool} method takes a configured server name only (never a
 * URL or credentials from the model); the typed method takes a {@link BinlogServerConnection} for the CLI.
 */
public final class BinlogServerTools {

  public static final String STATUS = "binlog.server.status";

  private final Map<String, BinlogServerConnection> servers;
  private final Duration timeout;
  private final BinlogServerAnalyzer analyzer;
  private final Clock clock;

  /** @param servers configured servers by name */
  public BinlogServerTools(Map<String, BinlogServerConnection> servers, Duration timeout, BinlogServerAnalyzer analyzer,
      Clock clock) {
    this.servers = Map.copyOf(servers);
    this.timeout = timeout;
    this.analyzer = analyzer;
    this.clock = clock;
  }

  /** Probes {@code server} and judges it, checking {@code offset} when given. */
  public ToolReport status(BinlogServerConnection server, @Nullable ConnectorOffset offset) {
    Map<String, String> params = new LinkedHashMap<>();
    params.put("server", server.endpoint());
    params.put("user", server.user());
    if (offset != null) {
      params.put("offset", offset.toString());
    }
    return ToolReports.run(STATUS, params,
        () -> analyzer.analyze(new BinlogServerProbe(server, timeout, clock).capture(), offset));
  }

  @Tool(name = "binlog_server_status",
      value = "Binlog state of a MySQL/MariaDB server over JDBC, read-only (SHOW BINARY LOGS, SHOW MASTER STATUS, "
          + "variables): binlog.server.format-not-row, .row-image-not-full, .checksum-none, .log-bin-off; with a "
          + "connector's stored offset (file and position, or GTID set) also .purge-risk (already purged, or next to "
          + "expire) and .offset-unknown (not on this server, beyond the end, GTID ahead or in an unknown domain); "
          + ".ok when all is well. Compact JSON with status OK, NO_DATA (no such server) or ERROR.")
  public String serverStatus(
      @P("Server name as configured in lakeops.binlog.servers") String server,
      @P(value = "Connector offset: binlog file, e.g. mysql-bin.000042", required = false) String offsetFile,
      @P(value = "Connector offset: position in that file", required = false) Long offsetPos,
      @P(value = "Connector offset as a GTID set instead (MariaDB 0-1-42, MySQL uuid:1-42)", required = false) String gtidSet) {
    Map<String, String> params = new LinkedHashMap<>();
    params.put("server", server == null ? "" : server);
    BinlogServerConnection connection = server == null ? null : servers.get(server.strip());
    if (connection == null) {
      return Json.compact(new ToolReport(ToolReport.Status.NO_DATA, STATUS, params, List.of(),
          "no binlog server named '" + params.get("server") + "' is configured; known: " + servers.keySet().stream().sorted().toList()));
    }
    ConnectorOffset offset;
    try {
      offset = offset(offsetFile, offsetPos, gtidSet);
    } catch (IllegalArgumentException e) {
      return Json.compact(new ToolReport(ToolReport.Status.ERROR, STATUS, params, List.of(), "bad offset: " + e.getMessage()));
    }
    return Json.compact(status(connection, offset));
  }

  private static @Nullable ConnectorOffset offset(@Nullable String file, @Nullable Long pos, @Nullable String gtids) {
    boolean hasFile = file != null && !file.isBlank();
    boolean hasGtids = gtids != null && !gtids.isBlank();
    if (hasFile && hasGtids) {
      throw new IllegalArgumentException("give a file and position or a GTID set, not both");
    }
    if (hasGtids) {
      return ConnectorOffset.gtids(gtids);
    }
    if (hasFile) {
      if (pos == null) {
        throw new IllegalArgumentException("offsetFile " + file + " needs offsetPos");
      }
      return ConnectorOffset.filePos(file.strip(), pos);
    }
    return null;
  }
}
