package dev.lakeops.runbooks.tool;

import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.change.ChangeText;
import dev.lakeops.tools.change.ChangeTools;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * "What changed before this alert" for every triage, in one call: the targets come from the alert's
 * labels (the label names the shipped runbooks read), the window is the hour before the alert's
 * start, and the answer is a {@code changes.recent} report plus the verdict line {@link #line}.
 * Labels are data: they only fill the tool's typed arguments.
 */
public final class WhatChanged {

  /** Label names per argument, first set wins (as in the runbooks' inputs). */
  static final Map<String, List<String>> LABELS = labels();

  private WhatChanged() {}

  private static Map<String, List<String>> labels() {
    Map<String, List<String>> m = new LinkedHashMap<>();
    m.put("job", List.of("job_name", "flink_job", "flink_job_name", "job_id", "flink_job_id"));
    m.put("flink_cluster", List.of("flink_cluster"));
    m.put("table", List.of("table", "lake_table"));
    m.put("topic", List.of("topic"));
    m.put("group", List.of("consumergroup", "consumer_group", "group"));
    m.put("kafka_cluster", List.of("kafka_cluster"));
    return m;
  }

  /**
   * The arguments of {@code changes.recent} for {@code alert}; {@code alertAt} (its start) ends the
   * window, else now.
   */
  public static Map<String, String> args(AlertSignal alert, @Nullable Instant alertAt) {
    Map<String, String> args = new LinkedHashMap<>();
    LABELS.forEach(
        (arg, keys) ->
            alert.firstLabel(keys.toArray(String[]::new)).ifPresent(v -> args.put(arg, v)));
    if (alertAt != null) {
      args.put("alert_at", alertAt.toString());
    }
    return args;
  }

  /**
   * Calls {@code changes.recent} through {@code registry} for {@code alert}. Never throws: an alert
   * that names no job, table, topic or group is a {@code NO_DATA} report saying which labels were
   * looked for, and nothing is called.
   *
   * @param alertAt when the alert started firing (Alertmanager {@code startsAt}); null for now
   */
  public static ToolReport before(
      ToolRegistry registry, AlertSignal alert, @Nullable Instant alertAt) {
    Map<String, String> args = args(alert, alertAt);
    if (List.of("job", "table", "topic", "group").stream().noneMatch(args::containsKey)) {
      return new ToolReport(
          ToolReport.Status.NO_DATA,
          ChangeTools.RECENT,
          args,
          List.of(),
          "alert '"
              + alert.name()
              + "' names no job, table, topic or group (labels looked for: "
              + String.join(
                  ", ",
                  LABELS.values().stream()
                      .filter(
                          l ->
                              !l.equals(List.of("flink_cluster"))
                                  && !l.equals(List.of("kafka_cluster")))
                      .flatMap(List::stream)
                      .toList())
              + ")");
    }
    return registry.call(ChangeTools.RECENT, args);
  }

  /** The verdict line of a report of {@link #before}. */
  public static String line(ToolReport report) {
    return ChangeText.line(report);
  }
}
