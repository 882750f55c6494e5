package dev.lakeops.table.read;

import static java.util.Objects.requireNonNull;

import java.util.Map;
import java.util.Optional;

/**
 * Which snapshot a batch scan reads (time travel; {@code paimon-format.md} §8 and §16), with
 * Paimon's option keys {@code scan.snapshot-id}, {@code scan.tag-name} and {@code
 * scan.timestamp-millis}.
 */
public sealed interface ScanTarget
    permits ScanTarget.Latest,
        ScanTarget.SnapshotId,
        ScanTarget.TagName,
        ScanTarget.TimestampMillis {

  String SNAPSHOT_ID = "scan.snapshot-id";
  String TAG_NAME = "scan.tag-name";
  String TIMESTAMP_MILLIS = "scan.timestamp-millis";

  /** The latest snapshot. */
  record Latest() implements ScanTarget {}

  /** Snapshot {@code id}; it must still exist. */
  record SnapshotId(long id) implements ScanTarget {
    public SnapshotId {
      if (id < 1) {
        throw new IllegalArgumentException("Invalid snapshot id: " + id + " (must be >= 1)");
      }
    }
  }

  /** The snapshot a tag pins; it may have expired as a snapshot, the tag keeps it readable. */
  record TagName(String name) implements ScanTarget {
    public TagName {
      requireNonNull(name, "name");
      if (name.isBlank()) {
        throw new IllegalArgumentException("Invalid tag name: empty");
      }
    }
  }

  /** The newest snapshot committed at or before {@code millis} (epoch ms). */
  record TimestampMillis(long millis) implements ScanTarget {}

  ScanTarget LATEST = new Latest();

  /**
   * The target named by scan options; empty when none is set.
   *
   * @throws IllegalArgumentException more than one is set, or a value is not a number
   */
  static Optional<ScanTarget> fromOptions(Map<String, String> options) {
    int set = 0;
    ScanTarget target = null;
    if (options.containsKey(SNAPSHOT_ID)) {
      set++;
      target = new SnapshotId(number(options, SNAPSHOT_ID));
    }
    if (options.containsKey(TAG_NAME)) {
      set++;
      target = new TagName(options.get(TAG_NAME));
    }
    if (options.containsKey(TIMESTAMP_MILLIS)) {
      set++;
      target = new TimestampMillis(number(options, TIMESTAMP_MILLIS));
    }
    if (set > 1) {
      throw new IllegalArgumentException(
          "Conflicting scan options: only one of "
              + SNAPSHOT_ID
              + ", "
              + TAG_NAME
              + ", "
              + TIMESTAMP_MILLIS
              + " may be set, got "
              + options);
    }
    return Optional.ofNullable(target);
  }

  private static long number(Map<String, String> options, String key) {
    String value = options.get(key);
    try {
      return Long.parseLong(value.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "Invalid value for option '" + key + "': '" + value + "' (expected a number)", e);
    }
  }
}
