package dev.lakeops.tools.binlog.live;

import static java.util.Objects.requireNonNull;

/** One row of {@code SHOW BINARY LOGS}: a binlog file the server still has, oldest first. */
public record BinaryLogFile(String name, long size) {
  public BinaryLogFile {
    requireNonNull(name, "name");
  }
}
