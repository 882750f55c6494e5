package dev.lakeops.tools.change;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns the changes of every hop into the findings of one report (pure): only changes whose time
 * lies in the window (or, seen between two probes, may: {@link ChangeWindow#admits}), newest first,
 * each with {@code at}, {@code minutesBeforeAlert} (when the alert time is known), {@code change}
 * (the phrase of the verdict line), {@code target}, {@code before} and {@code after}; {@value
 * ChangeCodes#NONE} when nothing changed.
 */
public final class ChangeFindings {

  /** Evidence keys the verdict line reads. */
  static final String PHRASE = "change";

  static final String TARGET = "target";

  private ChangeFindings() {}

  /**
   * @param probed what was looked at, e.g. {@code flink job orders-to-lake}, for the no-change
   *     finding
   */
  public static List<Finding> of(List<Change> changes, ChangeWindow window, List<String> probed) {
    List<Change> inWindow =
        changes.stream()
            .filter(c -> window.admits(c.notBefore(), c.at()))
            .sorted(
                Comparator.comparing(Change::at)
                    .reversed()
                    .thenComparingInt(c -> ChangeCodes.rank(c.code())))
            .toList();
    List<Finding> findings = new ArrayList<>();
    for (Change c : inWindow) {
      findings.add(finding(c, window));
    }
    if (findings.isEmpty()) {
      Map<String, String> e = new LinkedHashMap<>(window.evidence());
      e.put("probed", String.join("; ", probed));
      e.put("outsideWindow", Integer.toString(changes.size()));
      findings.add(
          new Finding(
              Severity.OK,
              ChangeCodes.NONE,
              "changes",
              "No change found between "
                  + window.since()
                  + " and "
                  + window.until()
                  + " in "
                  + String.join(", ", probed)
                  + ".",
              e,
              List.of()));
    }
    return findings;
  }

  static Finding finding(Change c, ChangeWindow window) {
    Map<String, String> e = new LinkedHashMap<>(window.timing(c.notBefore(), c.at()));
    e.put(PHRASE, c.phrase());
    e.put(TARGET, c.target());
    if (c.before() != null) {
      e.put("before", c.before());
    }
    if (c.after() != null) {
      e.put("after", c.after());
    }
    c.details().forEach(e::putIfAbsent);
    return new Finding(c.severity(), c.code(), c.subject(), c.summary(), e, c.sources());
  }
}
