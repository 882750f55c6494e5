package dev.lakeops.tools.binlog.live;

import static java.util.Objects.requireNonNull;

/**
 * One row of {@code SHOW BINLOG EVENTS}: where an event starts and ends, its type and the server's
 * summary.
 */
public record ServerBinlogEvent(
    String logName, long pos, String eventType, long serverId, long endLogPos, String info) {
  public ServerBinlogEvent {
    requireNonNull(logName, "logName");
    requireNonNull(eventType, "eventType");
    requireNonNull(info, "info");
  }
}
