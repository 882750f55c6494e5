package dev.lakeops.table.system;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;

/**
 * Epoch milliseconds as the wall time Paimon's system tables show: in the session zone, to the
 * millisecond.
 */
final class Times {

  private Times() {}

  static LocalDateTime local(long epochMillis, ZoneId zone) {
    return LocalDateTime.ofInstant(Instant.ofEpochMilli(epochMillis), zone);
  }
}
