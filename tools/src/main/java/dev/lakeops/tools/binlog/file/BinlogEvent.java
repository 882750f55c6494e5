package dev.lakeops.tools.binlog.file;

import static java.util.Objects.requireNonNull;

/** One event that passed the reader's checks: its header and the decoded body fields. */
public record BinlogEvent(EventHeader header, EventBody body) {
  public BinlogEvent {
    requireNonNull(header, "header");
    requireNonNull(body, "body");
  }
}
