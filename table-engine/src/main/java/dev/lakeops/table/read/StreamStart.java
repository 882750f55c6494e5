package dev.lakeops.table.read;

import java.util.Locale;
import java.util.Map;

/**
 * Where a {@link StreamingScan} starts (Paimon's {@code scan.mode} for streaming reads; source
 * {@code AbstractDataTableScan.createStartingScanner}). A consumer's saved position, when there is
 * one, takes precedence over all of them unless {@code consumer.ignore-progress} is set.
 */
public sealed interface StreamStart {

  /**
   * Only snapshots committed after the latest one when the scan starts ({@code scan.mode=latest};
   * Paimon's {@code ContinuousLatestStartingScanner}); on a table without snapshots, from the first
   * one.
   */
  record Latest() implements StreamStart {}

  /**
   * The whole latest snapshot as {@code +I} rows, then the changes of every later snapshot ({@code
   * scan.mode=latest-full}, Paimon's default; {@code FullStartingScanner}).
   */
  record LatestFull() implements StreamStart {}

  /**
   * The changes of snapshot {@code id} and every later one ({@code scan.mode=from-snapshot} with
   * {@code scan.snapshot-id}); from the earliest snapshot when {@code id} has expired, as Paimon's
   * {@code ContinuousFromSnapshotStartingScanner} does.
   */
  record FromSnapshot(long id) implements StreamStart {
    public FromSnapshot {
      if (id < 1) {
        throw new IllegalArgumentException("Invalid scan.snapshot-id: " + id + " (must be >= 1)");
      }
    }
  }

  /**
   * The whole snapshot {@code id} (or the earliest, when it has expired) as {@code +I} rows, then
   * the changes of every later one ({@code scan.mode=from-snapshot-full}).
   */
  record FromSnapshotFull(long id) implements StreamStart {
    public FromSnapshotFull {
      if (id < 1) {
        throw new IllegalArgumentException("Invalid scan.snapshot-id: " + id + " (must be >= 1)");
      }
    }
  }

  /**
   * The changes of every snapshot committed at or after {@code millis} ({@code
   * scan.mode=from-timestamp} with {@code scan.timestamp-millis}; Paimon's {@code
   * ContinuousFromTimestampStartingScanner}: the first snapshot read is the one after the newest
   * snapshot strictly older than {@code millis}).
   */
  record FromTimestamp(long millis) implements StreamStart {}

  String SCAN_MODE = "scan.mode";
  String SCAN_SNAPSHOT_ID = "scan.snapshot-id";
  String SCAN_TIMESTAMP_MILLIS = "scan.timestamp-millis";
  String SCAN_TAG_NAME = "scan.tag-name";

  /**
   * The start Paimon's options select: {@code scan.mode} ({@code default}, {@code latest}, {@code
   * latest-full}, {@code from-snapshot}, {@code from-snapshot-full}, {@code from-timestamp}), with
   * {@code scan.snapshot-id} or {@code scan.timestamp-millis}. With {@code scan.mode=default} (or
   * none) a snapshot id selects {@code from-snapshot}, a timestamp {@code from-timestamp}, neither
   * {@code latest-full}.
   *
   * @throws IllegalArgumentException a malformed or missing value, or a tag (Paimon: a streaming
   *     read cannot start from a tag)
   * @throws UnsupportedOperationException a scan mode lakeops' streaming read does not support
   *     ({@code compacted-full}, {@code incremental}, {@code from-file-creation-time}, ...)
   */
  static StreamStart fromOptions(Map<String, String> options) {
    String mode = options.getOrDefault(SCAN_MODE, "default").trim().toLowerCase(Locale.ROOT);
    String snapshot = options.get(SCAN_SNAPSHOT_ID);
    String millis = options.get(SCAN_TIMESTAMP_MILLIS);
    if (options.containsKey(SCAN_TAG_NAME)) {
      throw new IllegalArgumentException(
          "Invalid option '" + SCAN_TAG_NAME + "': a streaming read cannot start from a tag");
    }
    if (mode.equals("default")) {
      if (millis != null) {
        mode = "from-timestamp";
      } else if (snapshot != null) {
        mode = "from-snapshot";
      } else {
        mode = "latest-full";
      }
    }
    return switch (mode) {
      case "latest" -> new Latest();
      case "latest-full", "full" -> new LatestFull();
      case "from-snapshot" -> new FromSnapshot(required(options, SCAN_SNAPSHOT_ID, mode));
      case "from-snapshot-full" -> new FromSnapshotFull(required(options, SCAN_SNAPSHOT_ID, mode));
      case "from-timestamp" -> new FromTimestamp(required(options, SCAN_TIMESTAMP_MILLIS, mode));
      case "compacted-full", "incremental", "from-file-creation-time", "from-creation-timestamp" ->
          throw new UnsupportedOperationException(
              "Unsupported option '"
                  + SCAN_MODE
                  + "': '"
                  + mode
                  + "' is not supported by lakeops' streaming read (supported: latest, latest-full,"
                  + " from-snapshot, from-snapshot-full, from-timestamp)");
      default ->
          throw new IllegalArgumentException(
              "Invalid value for option '"
                  + SCAN_MODE
                  + "': '"
                  + options.get(SCAN_MODE)
                  + "' (expected one of default, latest, latest-full, from-snapshot,"
                  + " from-snapshot-full, from-timestamp)");
    };
  }

  private static long required(Map<String, String> options, String key, String mode) {
    String value = options.get(key);
    if (value == null) {
      throw new IllegalArgumentException(
          "Missing option '" + key + "': required by " + SCAN_MODE + "=" + mode);
    }
    try {
      return Long.parseLong(value.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "Invalid value for option '" + key + "': '" + value + "' (expected an integer)", e);
    }
  }
}
