package dev.lakeops.tools.change;

import static dev.lakeops.tools.spec.ParamType.DURATION;
import static dev.lakeops.tools.spec.ParamType.STRING;

import dev.lakeops.tools.spec.FindingCodes;
import dev.lakeops.tools.spec.ToolArgs;
import dev.lakeops.tools.spec.ToolParam;
import dev.lakeops.tools.spec.ToolSpec;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;

/**
 * The declaration of the change probe ({@link ChangeTools}). Clusters are configured profile names,
 * never addresses; the binding confines {@code table} to the warehouse.
 */
public final class ChangeToolSpecs {

  static final String INSTANT =
      "an ISO-8601 instant such as 2026-11-29T10:15:30Z (or with an offset, or epoch milliseconds)";

  public static final ToolSpec RECENT =
      new ToolSpec(
          ChangeTools.RECENT,
          "What changed on each hop in the window before an alert (default: the hour before"
              + " alert_at), each change with its time and minutes before the alert: Flink job"
              + " resubmissions (a new job id for the name), parallelism and configuration changes"
              + " against the run before, restores from a savepoint vs fresh starts without state,"
              + " restarts, jar uploads; table schema versions, new streaming commit users,"
              + " overwrites, rollbacks, tags, snapshot expiry, compactions; Kafka partitions"
              + " added, topic config values, group rebalances and offsets rewound (these between"
              + " this and earlier calls); and the actions lakeops itself ran. Probes only the hops"
              + " whose target is given. Read-only. Status NO_DATA: no such job, table, topic or"
              + " group.",
          List.of(
              ToolParam.optional("job", STRING, "Flink job name, or its 32-hex-digit job id"),
              ToolParam.optional(
                  "flink_cluster",
                  STRING,
                  "Flink cluster profile as configured in lakeops.flink.clusters; the default "
                      + "cluster when absent"),
              ToolParam.optional(
                  "table",
                  STRING,
                  "Table directory, or database.table in the configured warehouse"),
              ToolParam.optional(
                  "topic", STRING, "Kafka topic; absent: the topics the group commits to"),
              ToolParam.optional("group", STRING, "Kafka consumer group"),
              ToolParam.optional(
                  "kafka_cluster",
                  STRING,
                  "Kafka cluster name as configured in lakeops.kafka.clusters; may be "
                      + "absent when one is configured"),
              ToolParam.optional(
                  "since",
                  STRING,
                  "Start of the window, " + INSTANT + "; absent: lookback before its end"),
              ToolParam.optional(
                  "until",
                  STRING,
                  "End of the window, " + INSTANT + "; absent: alert_at, else now"),
              ToolParam.optional(
                  "alert_at",
                  STRING,
                  "When the alert started firing (Alertmanager startsAt), "
                      + INSTANT
                      + "; each change then carries minutesBeforeAlert"),
              ToolParam.optional("lookback", DURATION, "Length of the window when since is absent")
                  .withDefault("60m")),
          FindingCodes.of(ChangeCodes.ALL.toArray(String[]::new)));

  /** Every change tool. */
  public static final List<ToolSpec> ALL = List.of(RECENT);

  private ChangeToolSpecs() {}

  /** The targets a call names. */
  public static ChangeTargets targets(ToolArgs args) {
    return ChangeTargets.of(
            text(args, "job"), text(args, "table"), text(args, "topic"), text(args, "group"))
        .withClusters(text(args, "flink_cluster"), text(args, "kafka_cluster"));
  }

  /**
   * The window a call names: {@code until} (else {@code alert_at}, else now) back to {@code since}
   * (else {@code lookback} before it).
   *
   * @throws IllegalArgumentException a time does not read as an instant, or since is not before
   *     until; the message names the parameter and the value
   */
  public static ChangeWindow window(ToolArgs args, Clock clock) {
    Instant alertAt = instant(args, "alert_at").orElse(null);
    Instant until = instant(args, "until").orElse(alertAt != null ? alertAt : clock.instant());
    Duration lookback = args.duration("lookback");
    if (lookback.isZero()) {
      throw new IllegalArgumentException(
          "parameter lookback must be positive, was '" + args.given().get("lookback") + "'");
    }
    Instant since = instant(args, "since").orElse(until.minus(lookback));
    if (!since.isBefore(until)) {
      throw new IllegalArgumentException(
          "the window is empty: since " + since + " is not before until " + until);
    }
    return new ChangeWindow(since, until, alertAt);
  }

  /** Reads {@code text} as {@link #INSTANT}. */
  public static Instant parseInstant(String name, String text) {
    String t = text.strip();
    if (t.matches("\\d{10,16}")) {
      return Instant.ofEpochMilli(Long.parseLong(t));
    }
    try {
      return Instant.parse(t);
    } catch (DateTimeParseException e) {
      try {
        return OffsetDateTime.parse(t).toInstant();
      } catch (DateTimeParseException again) {
        throw new IllegalArgumentException(
            "parameter "
                + name
                + " must be "
                + INSTANT
                + ", was '"
                + (t.length() > 60 ? t.substring(0, 60) + "..." : t)
                + "'");
      }
    }
  }

  private static Optional<Instant> instant(ToolArgs args, String name) {
    return args.optionalString(name).map(t -> parseInstant(name, t));
  }

  private static String text(ToolArgs args, String name) {
    return args.optionalString(name).orElse(null);
  }
}
