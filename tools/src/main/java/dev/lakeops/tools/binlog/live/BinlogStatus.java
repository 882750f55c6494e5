package dev.lakeops.tools.binlog.live;

import static java.util.Objects.requireNonNull;

import org.jspecify.annotations.Nullable;

/**
 * The server's current write position: {@code SHOW MASTER STATUS} (MariaDB, MySQL before 8.4) or
 * {@code SHOW BINARY LOG STATUS} (MySQL 8.4).
 *
 * @param executedGtidSet MySQL's {@code Executed_Gtid_Set}; null on MariaDB, which has no such
 *     column
 */
public record BinlogStatus(String file, long position, @Nullable String executedGtidSet) {
  public BinlogStatus {
    requireNonNull(file, "file");
  }
}
