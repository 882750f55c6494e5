package dev.lakeops.tools.binlog.live;

import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.ToolReports;
import dev.lakeops.tools.spec.ToolArgs;
import dev.lakeops.tools.spec.ToolFunction;
import dev.lakeops.tools.spec.ToolSet;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The facade over {@link BinlogServerProbe} and {@link BinlogServerAnalyzer}: read-only, never
 * throws. The declared tool ({@link BinlogServerToolSpecs}) takes a configured server name only
 * (never a URL or credentials from a model); the typed method takes a {@link
 * BinlogServerConnection} for the CLI.
 */
public final class BinlogServerTools implements ToolSet {

  public static final String STATUS = "binlog.server.status";

  private final Map<String, BinlogServerConnection> servers;
  private final Duration timeout;
  private final BinlogServerAnalyzer analyzer;
  private final Clock clock;

  /**
   * @param servers configured servers by name
   */
  public BinlogServerTools(
      Map<String, BinlogServerConnection> servers,
      Duration timeout,
      BinlogServerAnalyzer analyzer,
      Clock clock) {
    this.servers = Map.copyOf(servers);
    this.timeout = timeout;
    this.analyzer = analyzer;
    this.clock = clock;
  }

  @Override
  public List<ToolFunction<ToolReport>> functions() {
    return List.of(new ToolFunction<>(BinlogServerToolSpecs.STATUS, this::serverStatus));
  }

  /** Probes {@code server} and judges it, checking {@code offset} when given. */
  public ToolReport status(BinlogServerConnection server, @Nullable ConnectorOffset offset) {
    Map<String, String> params = new LinkedHashMap<>();
    params.put("server", server.endpoint());
    params.put("user", server.user());
    if (offset != null) {
      params.put("offset", offset.toString());
    }
    return ToolReports.run(
        STATUS,
        params,
        () -> analyzer.analyze(new BinlogServerProbe(server, timeout, clock).capture(), offset));
  }

  private ToolReport serverStatus(ToolArgs args) {
    String server = args.string("server");
    Map<String, String> params = new LinkedHashMap<>();
    params.put("server", server);
    BinlogServerConnection connection = servers.get(server);
    if (connection == null) {
      return new ToolReport(
          ToolReport.Status.NO_DATA,
          STATUS,
          params,
          List.of(),
          "no binlog server named '"
              + server
              + "' is configured; known: "
              + servers.keySet().stream().sorted().toList());
    }
    ConnectorOffset offset;
    try {
      offset =
          offset(
              args.optionalString("offset_file").orElse(null),
              args.optionalInteger("offset_pos").orElse(null),
              args.optionalString("gtid_set").orElse(null));
    } catch (IllegalArgumentException e) {
      return new ToolReport(
          ToolReport.Status.ERROR, STATUS, params, List.of(), "bad offset: " + e.getMessage());
    }
    return status(connection, offset);
  }

  private static @Nullable ConnectorOffset offset(
      @Nullable String file, @Nullable Long pos, @Nullable String gtids) {
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
        throw new IllegalArgumentException("offset_file " + file + " needs offset_pos");
      }
      return ConnectorOffset.filePos(file.strip(), pos);
    }
    return null;
  }
}
