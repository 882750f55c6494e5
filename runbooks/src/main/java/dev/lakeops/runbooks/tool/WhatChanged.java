package dev.lakeops.runbooks.tool;

import dev.lakeops.runbooks.alert.AlertReading;
import dev.lakeops.runbooks.alert.ConceptValue;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.change.ChangeText;
import dev.lakeops.tools.change.ChangeTools;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * "What changed before this alert" for every triage, in one call: the targets are the concepts the
 * alert reading recognised (so every label name the vocabulary knows, and every configured alias,
 * counts), the window ends when the alert started firing ({@code AlertSignal.startsAt}, else now),
 * and the answer is a {@code changes.recent} report plus the verdict line {@link #line}. Values are
 * data: they only fill the tool's typed arguments.
 */
public final class WhatChanged {

  /** The concepts each argument of {@code changes.recent} is read from, the first set wins. */
  static final Map<String, List<String>> CONCEPTS = concepts();

  /** The arguments that name something to probe; the others only say where. */
  private static final List<String> TARGETS = List.of("job", "table", "topic", "group");

  private WhatChanged() {}

  private static Map<String, List<String>> concepts() {
    Map<String, List<String>> m = new LinkedHashMap<>();
    m.put("job", List.of("flink.job", "flink.job-id"));
    m.put("flink_cluster", List.of("flink.cluster"));
    m.put("table", List.of("lake.table"));
    m.put("topic", List.of("kafka.topic"));
    m.put("group", List.of("kafka.group"));
    m.put("kafka_cluster", List.of("kafka.cluster"));
    return m;
  }

  /** The arguments of {@code changes.recent} for the alert {@code reading} read. */
  public static Map<String, String> args(AlertReading reading) {
    Map<String, String> args = new LinkedHashMap<>();
    CONCEPTS.forEach(
        (arg, concepts) ->
            reading.first(concepts).map(ConceptValue::value).ifPresent(v -> args.put(arg, v)));
    if (reading.alert().startsAt() != null) {
      args.put("alert_at", reading.alert().startsAt().toString());
    }
    return args;
  }

  /**
   * Calls {@code changes.recent} through {@code registry} for the alert. Never throws. Empty, and
   * nothing is called, when the registry has no {@code changes.recent} or the alert names no job,
   * table, topic or group: there is nothing to say then, and no error either.
   */
  public static Optional<ToolReport> before(ToolRegistry registry, AlertReading reading) {
    if (registry.find(ChangeTools.RECENT).isEmpty()) {
      return Optional.empty();
    }
    Map<String, String> args = args(reading);
    if (TARGETS.stream().noneMatch(args::containsKey)) {
      return Optional.empty();
    }
    return Optional.of(registry.call(ChangeTools.RECENT, args));
  }

  /**
   * The verdict line of a report of {@link #before}: the changes with their minutes before the
   * alert, or {@code what changed: could not be read (...)} with the tool's error.
   */
  public static String line(ToolReport report) {
    if (report.status() != ToolReport.Status.OK) {
      return "what changed: could not be read ("
          + (report.error() == null ? report.status() : report.error())
          + ")";
    }
    return ChangeText.line(report);
  }
}
