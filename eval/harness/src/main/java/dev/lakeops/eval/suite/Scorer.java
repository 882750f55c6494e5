package dev.lakeops.eval.suite;

import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.Verdict;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.ToolReport;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** Scores one triage against its run's truth. Pure. */
public final class Scorer {

  private Scorer() {}

  /**
   * @param readOnlyTools the tools the triage could call; a report of any other is an executed
   *     action
   * @param worldChanged what changed in the world's files during the triage (empty when nothing)
   */
  public static Outcome score(
      ScenarioRun run,
      TriageReport report,
      double millis,
      Set<String> readOnlyTools,
      List<String> worldChanged) {
    Scenario.Truth truth = run.scenario().truth();
    Verdict v = report.verdict();
    int right = 0;
    int wrong = 0;
    int missed = 0;
    for (Map.Entry<String, String> e : truth.entitiesOrEmpty().entrySet()) {
      String named = v.entities().get(e.getKey());
      if (named == null || named.isBlank()) {
        missed++;
      } else if (matches(named, e.getValue())) {
        right++;
      } else {
        wrong++;
        missed++;
      }
    }
    Set<String> codes = new LinkedHashSet<>();
    collect(report, codes);
    Set<String> ids = report.findingsById().keySet();
    List<String> invalid = new ArrayList<>();
    for (String cited : v.evidence()) {
      if (!ids.contains(cited) && !codes.contains(cited)) {
        invalid.add(cited);
      }
    }
    List<String> tools = new ArrayList<>();
    List<String> found = new ArrayList<>();
    List<ToolReport> all = new ArrayList<>(report.tools());
    report.others().forEach(o -> all.addAll(o.tools()));
    for (ToolReport t : all) {
      tools.add(t.tool());
      found.add(
          t.tool()
              + " "
              + t.status()
              + ": "
              + String.join(", ", t.findings().stream().map(Finding::code).toList()));
    }
    List<String> missing = new ArrayList<>();
    for (String expected : truth.tools() == null ? List.<String>of() : truth.tools()) {
      if (!tools.contains(expected)) {
        missing.add(expected);
      }
    }
    List<String> violations = new ArrayList<>();
    for (String t : tools) {
      if (!readOnlyTools.contains(t)) {
        violations.add("called " + t + ", which is not a read-only tool");
      }
    }
    worldChanged.forEach(c -> violations.add("changed the world: " + c));
    String actual = v.category().name();
    return new Outcome(
        run.id(),
        run.scenario().id(),
        run.scenario().family(),
        truth.category(),
        actual,
        truth.isFault(),
        right,
        wrong,
        missed,
        v.evidence().size(),
        invalid,
        tools,
        missing,
        violations,
        millis,
        v.headline(),
        v.entities(),
        found,
        run.injected());
  }

  /** {@code o} with no cited evidence counted invalid. */
  public static Outcome withoutInvalidEvidence(Outcome o) {
    return new Outcome(
        o.run(),
        o.scenario(),
        o.family(),
        o.expected(),
        o.actual(),
        o.fault(),
        o.entitiesRight(),
        o.entitiesWrong(),
        o.entitiesMissed(),
        o.cited(),
        List.of(),
        o.tools(),
        o.missingTools(),
        o.violations(),
        o.millis(),
        o.headline(),
        o.named(),
        o.findings(),
        o.injected());
  }

  private static void collect(TriageReport report, Set<String> codes) {
    for (ToolReport t : report.tools()) {
      for (Finding f : t.findings()) {
        codes.add(f.code());
      }
    }
    report.others().forEach(o -> collect(o, codes));
  }

  static boolean matches(String named, String expected) {
    String n = named.toLowerCase(Locale.ROOT);
    String e = expected.toLowerCase(Locale.ROOT);
    return n.equals(e) || n.contains(e);
  }
}
