package dev.lakeops.runbooks.plan;

import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.Confidence;
import dev.lakeops.runbooks.Runbook;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.Verdict;
import dev.lakeops.runbooks.load.RunbookLoader;
import dev.lakeops.runbooks.tool.ToolRegistry;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Triage without an LLM: picks the runbook that fits the alert best (an exact label match beats
 * keywords; among equals, more keywords found wins, then the first registered) and runs its
 * read-only steps. An alert no runbook fits gets a {@link Category#NO_RUNBOOK} report, not an
 * error.
 */
public final class DeterministicPlanner {

  private static final Pattern LABEL_IN_TEXT =
      Pattern.compile("\\b([a-z][a-z0-9_]*)=([A-Za-z0-9_.:/@-]+)");

  private final List<Runbook> runbooks;
  private final Clock clock;

  public DeterministicPlanner(List<Runbook> runbooks, Clock clock) {
    this.runbooks = List.copyOf(runbooks);
    this.clock = clock;
  }

  /**
   * A planner over every shipped runbook, calling the tools of {@code tools}.
   *
   * @throws dev.lakeops.runbooks.load.RunbookException a shipped runbook does not load
   */
  public static DeterministicPlanner shipped(ToolRegistry tools, Clock clock) {
    List<Runbook> runbooks = new ArrayList<>();
    RunbookLoader.lakeops()
        .loadShipped()
        .forEach(g -> runbooks.add(new GraphRunbook(g, tools, clock)));
    return new DeterministicPlanner(runbooks, clock);
  }

  public List<Runbook> runbooks() {
    return runbooks;
  }

  public TriageReport triage(AlertSignal alert) {
    Optional<Runbook> chosen = choose(alert);
    if (chosen.isPresent()) {
      return chosen.get().run(alert);
    }
    Instant now = clock.instant();
    List<String> needs = new ArrayList<>();
    for (Runbook r : runbooks) {
      if (r instanceof GraphRunbook g
          && !g.missingInputs(alert).isEmpty()
          && (g.graph().match().labelsMatch(alert) || g.strength(alert) > 0)) {
        needs.add(g.id() + " needs " + String.join(", ", g.missingInputs(alert)));
      }
    }
    String headline =
        needs.isEmpty()
            ? "No runbook fits alert '" + alert.name() + "'."
            : "No runbook can run for alert '"
                + alert.name()
                + "': "
                + String.join("; ", needs)
                + ".";
    Verdict verdict =
        new Verdict(
            Category.NO_RUNBOOK,
            headline,
            Map.of(),
            List.of(),
            Confidence.LOW,
            List.of(
                "Add the labels the runbook needs to the alert rule (for Flink, job_name as Flink's"
                    + " Prometheus reporter exports it), or triage by hand: ./lakeops flink triage"
                    + " --rest URL --job NAME"));
    return new TriageReport("none", alert, verdict, List.of(), now, now);
  }

  /**
   * Triage of a chat question: its words pick the runbook by keywords, and {@code name=value} pairs
   * in it (e.g. {@code job_name=orders-to-lake}) serve as labels. The text is data: it only selects
   * a runbook and fills tool arguments.
   */
  public TriageReport triageQuestion(String question) {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put("alertname", "chat question");
    Matcher m = LABEL_IN_TEXT.matcher(question);
    while (m.find()) {
      labels.putIfAbsent(m.group(1), m.group(2));
    }
    return triage(new AlertSignal(labels, Map.of("summary", question.toLowerCase(Locale.ROOT))));
  }

  /** The best-fitting runbook, if any fits. */
  public Optional<Runbook> choose(AlertSignal alert) {
    return runbooks.stream()
        .filter(r -> r.match(alert) != Runbook.Match.NONE)
        .max(
            Comparator.comparing((Runbook r) -> r.match(alert))
                .thenComparingInt(r -> r.strength(alert))
                .thenComparing(r -> -runbooks.indexOf(r)));
  }

  /** The runbook with this id. */
  public Optional<Runbook> find(String id) {
    return runbooks.stream().filter(r -> r.id().equals(id)).findFirst();
  }
}
