package dev.lakeops.agent.binlog;

import dev.lakeops.tools.binlog.live.BinlogServerConnection;
import java.util.Map;
import java.util.TreeMap;

/** The configured binlog servers as connections, checked at start-up. */
public final class BinlogServers {

  private BinlogServers() {}

  /**
   * The connections by name.
   *
   * @throws IllegalArgumentException naming the key of a server whose URL or user is not valid
   */
  public static Map<String, BinlogServerConnection> from(BinlogServersConfig config) {
    Map<String, BinlogServerConnection> out = new TreeMap<>();
    config
        .servers()
        .forEach(
            (name, server) -> {
              try {
                out.put(
                    name,
                    new BinlogServerConnection(
                        server.jdbcUrl().strip(),
                        server.user().strip(),
                        server.password().orElse("")));
              } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(
                    "lakeops.binlog.servers." + name + ": " + e.getMessage(), e);
              }
            });
    return out;
  }
}
