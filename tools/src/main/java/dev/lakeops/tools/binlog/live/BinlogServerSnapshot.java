package dev.lakeops.tools.binlog.live;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What {@link BinlogServerProbe} read from one server, as the server said it.
 *
 * @param endpoint the JDBC URL without credentials
 * @param version {@code SELECT VERSION()}, e.g. {@code 10.11.19-MariaDB-0+deb12u1-log}
 * @param binaryLogs {@code SHOW BINARY LOGS}, oldest first; empty when binary logging is off
 * @param status the current write position; null when binary logging is off
 * @param variables the binlog-related global variables, names in lower case; a variable the server
 *     does not have is absent (MariaDB has no {@code gtid_mode}, MySQL no {@code gtid_binlog_pos})
 * @param oldestGtidList MariaDB: the {@code Gtid_list} of the oldest binlog file as the server
 *     prints it (e.g. {@code [0-1-4]}): the GTID state before its first event; null elsewhere
 * @param queries every statement run, in order
 */
public record BinlogServerSnapshot(
    String endpoint,
    String version,
    List<BinaryLogFile> binaryLogs,
    @Nullable BinlogStatus status,
    Map<String, String> variables,
    @Nullable String oldestGtidList,
    List<String> queries,
    Instant capturedAt) {

  public BinlogServerSnapshot {
    requireNonNull(endpoint, "endpoint");
    requireNonNull(version, "version");
    binaryLogs = List.copyOf(binaryLogs);
    variables = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(variables));
    queries = List.copyOf(queries);
    requireNonNull(capturedAt, "capturedAt");
  }

  public boolean isMariadb() {
    return version.toLowerCase(java.util.Locale.ROOT).contains("mariadb");
  }

  /** A global variable's value, by its lower-case name. */
  public Optional<String> variable(String name) {
    return Optional.ofNullable(variables.get(name));
  }

  /** The bytes of binlog the server holds. */
  public long totalBinlogBytes() {
    return binaryLogs.stream().mapToLong(BinaryLogFile::size).sum();
  }

  public Optional<BinaryLogFile> findBinaryLog(String name) {
    return binaryLogs.stream().filter(f -> f.name().equals(name)).findFirst();
  }
}
