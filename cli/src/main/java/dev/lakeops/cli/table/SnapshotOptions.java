package dev.lakeops.cli.table;

import dev.lakeops.table.read.ScanTarget;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * Time travel: which snapshot a command reads. At most one of the options; none means the latest.
 */
final class SnapshotOptions {

  @Option(
      names = "--snapshot",
      paramLabel = "ID",
      description = "Snapshot ID instead of the latest")
  Long snapshot;

  @Option(names = "--tag", paramLabel = "NAME", description = "The snapshot that tag NAME pins")
  String tag;

  @Option(
      names = "--timestamp",
      paramLabel = "TIME",
      description =
          "The newest snapshot committed at or before TIME: epoch milliseconds,"
              + " 2024-01-01T12:00:00Z, 2024-01-01T12:00:00+08:00, or a local time 2024-01-01"
              + " 12:00:00 (in this machine's zone)")
  String timestamp;

  /**
   * The chosen snapshot.
   *
   * @throws ParameterException more than one option, a snapshot id below 1, or a time that does not
   *     parse
   */
  ScanTarget target(CommandSpec spec, ZoneId zone) {
    int given = (snapshot != null ? 1 : 0) + (tag != null ? 1 : 0) + (timestamp != null ? 1 : 0);
    if (given > 1) {
      throw new ParameterException(
          spec.commandLine(), "--snapshot, --tag and --timestamp: give at most one of them");
    }
    if (snapshot != null) {
      if (snapshot < 1) {
        throw new ParameterException(
            spec.commandLine(), "--snapshot " + snapshot + ": snapshot ids start at 1");
      }
      return new ScanTarget.SnapshotId(snapshot);
    }
    if (tag != null) {
      if (tag.isBlank()) {
        throw new ParameterException(spec.commandLine(), "--tag: empty tag name");
      }
      return new ScanTarget.TagName(tag);
    }
    if (timestamp != null) {
      return new ScanTarget.TimestampMillis(parseMillis(spec, timestamp, zone));
    }
    return ScanTarget.LATEST;
  }

  /**
   * The option that chose the snapshot, for error messages: {@code --tag daily}; empty for the
   * latest.
   */
  String describe() {
    return snapshot != null
        ? "--snapshot " + snapshot
        : tag != null ? "--tag " + tag : timestamp != null ? "--timestamp " + timestamp : "";
  }

  /** Header fields of JSON output that say what was asked for. */
  Map<String, Object> asked() {
    return snapshot != null
        ? Map.of("askedSnapshot", snapshot)
        : tag != null
            ? Map.of("tag", tag)
            : timestamp != null ? Map.of("timestamp", timestamp) : Map.of();
  }

  static long parseMillis(CommandSpec spec, String text, ZoneId zone) {
    String t = text.strip();
    try {
      if (t.matches("-?\\d{1,19}")) {
        return Long.parseLong(t);
      }
      String iso = t.replace(' ', 'T');
      if (iso.endsWith("Z") || iso.endsWith("z")) {
        return Instant.parse(iso.toUpperCase(java.util.Locale.ROOT)).toEpochMilli();
      }
      if (iso.matches(".*T.*[+-]\\d{2}:\\d{2}$")) {
        return OffsetDateTime.parse(iso).toInstant().toEpochMilli();
      }
      if (iso.matches("\\d{4}-\\d{2}-\\d{2}")) {
        return LocalDate.parse(iso).atStartOfDay(zone).toInstant().toEpochMilli();
      }
      return LocalDateTime.parse(iso).atZone(zone).toInstant().toEpochMilli();
    } catch (DateTimeException | NumberFormatException e) {
      throw new ParameterException(
          spec.commandLine(),
          "--timestamp '"
              + text
              + "': not a time (examples: 1700000000000, 2024-01-01T12:00:00Z, 2024-01-01"
              + " 12:00:00)");
    }
  }
}
