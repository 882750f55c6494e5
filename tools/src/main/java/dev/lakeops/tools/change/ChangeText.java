package dev.lakeops.tools.change;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.ToolReport;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The "what changed" line of a verdict, from the findings of a {@code changes.recent} report
 * (pure): the changes grouped by target, most recent first, each group led by the change that names
 * the event and followed by its details, e.g. {@code changed 12 minutes before the alert: job
 * orders-to-lake resubmitted (parallelism 4 → 8, fresh start without state); 40 minutes before:
 * topic orders partitions added (3 → 5)}.
 */
public final class ChangeText {

  private ChangeText() {}

  /** The line for a report; a report that is not OK says why nothing can be told. */
  public static String line(ToolReport report) {
    if (report.status() != ToolReport.Status.OK) {
      return "could not tell what changed: " + report.error();
    }
    return line(report.findings());
  }

  public static String line(List<Finding> findings) {
    Map<String, List<Finding>> byTarget = new LinkedHashMap<>();
    List<String> unread = new ArrayList<>();
    Finding none = null;
    for (Finding f : findings) {
      if (f.code().equals(ChangeCodes.NONE)) {
        none = f;
      } else if (f.code().equals(ChangeCodes.UNAVAILABLE)) {
        unread.add(f.subject() + " (" + f.evidence().getOrDefault("error", "unreadable") + ")");
      } else if (ChangeCodes.ALL.contains(f.code())
          && f.evidence().containsKey(ChangeFindings.PHRASE)) {
        byTarget
            .computeIfAbsent(
                f.evidence().getOrDefault(ChangeFindings.TARGET, f.subject()),
                t -> new ArrayList<>())
            .add(f);
      }
    }
    StringBuilder line = new StringBuilder();
    if (byTarget.isEmpty()) {
      line.append(none == null ? "no change found" : nothing(none));
    }
    boolean first = true;
    for (Map.Entry<String, List<Finding>> group : byTarget.entrySet()) {
      List<Finding> ordered = new ArrayList<>(group.getValue());
      ordered.sort(Comparator.comparingInt((Finding f) -> ChangeCodes.rank(f.code())));
      Finding lead = ordered.get(0);
      line.append(first ? "changed " + when(lead, true) + ": " : "; " + when(lead, false) + ": ");
      line.append(group.getKey()).append(' ').append(lead.evidence().get(ChangeFindings.PHRASE));
      // A resubmission says the job started again; the first run's start in the same window adds
      // nothing.
      boolean resubmitted = lead.code().equals(ChangeCodes.FLINK_JOB_RESUBMITTED);
      List<String> details =
          ordered.subList(1, ordered.size()).stream()
              .filter(f -> !(resubmitted && f.code().equals(ChangeCodes.FLINK_JOB_STARTED)))
              .map(f -> f.evidence().get(ChangeFindings.PHRASE))
              .distinct()
              .toList();
      if (!details.isEmpty()) {
        line.append(" (").append(String.join(", ", details)).append(')');
      }
      first = false;
    }
    if (!unread.isEmpty()) {
      line.append("; not read: ").append(String.join(", ", unread));
    }
    return line.toString();
  }

  /**
   * {@code 12 minutes before the alert}; for a change seen between two probes {@code at most 40
   * minutes before the alert}.
   */
  private static String when(Finding f, boolean first) {
    String minutes = f.evidence().get("minutesBeforeAlert");
    String atMost = f.evidence().get("minutesBeforeAlertAtMost");
    if (minutes == null) {
      String notBefore = f.evidence().get("notBefore");
      return notBefore == null
          ? "at " + f.evidence().get("at")
          : "between " + notBefore + " and " + f.evidence().get("at");
    }
    String ago =
        atMost == null
            ? minutes(Long.parseLong(minutes))
            : "at most " + minutes(Math.max(1, Long.parseLong(atMost)));
    return first ? ago + " before the alert" : ago + " before";
  }

  private static String minutes(long m) {
    return m <= 0 ? "less than a minute" : m == 1 ? "1 minute" : m + " minutes";
  }

  private static String nothing(Finding none) {
    Map<String, String> e = none.evidence();
    String probed = e.getOrDefault("probed", "");
    String alertAt = e.get("alertAt");
    if (alertAt != null && alertAt.equals(e.get("until"))) {
      long minutes =
          Duration.between(Instant.parse(e.get("since")), Instant.parse(alertAt)).toMinutes();
      return "nothing changed in the " + minutes + " minutes before the alert (" + probed + ")";
    }
    return "nothing changed between "
        + e.get("since")
        + " and "
        + e.get("until")
        + " ("
        + probed
        + ")";
  }
}
