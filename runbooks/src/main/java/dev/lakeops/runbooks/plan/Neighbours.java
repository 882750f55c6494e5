package dev.lakeops.runbooks.plan;

import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.graph.RunbookGraph;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The neighbouring causes of an alert: the runbooks of the same hop ({@link RunbookGraph#hop()}) as
 * those chosen for it. When the alert's own question gets a "no" (a restart alert on a job that
 * does not restart), the cause is often next door on the same entity (the job is backpressured), so
 * the planner runs them too. Which runbooks are neighbours is read from the runbooks' {@code hop},
 * not from their names, so a team's runbook joins its hop by declaring it.
 */
final class Neighbours {

  /** Answers that measured the entity and found nothing wrong, or could not decide. */
  @SuppressWarnings("deprecation")
  private static final Set<Category> NO_ANSWER =
      Set.of(Category.NO_FAULT, Category.NO_BACKPRESSURE, Category.INCONCLUSIVE);

  private Neighbours() {}

  /**
   * The runbooks of {@code graphs} that share a hop with one of {@code chosen}, are not chosen
   * themselves and can run ({@code runnable}: the alert gives their required inputs), in the order
   * of {@code graphs}.
   */
  static List<String> of(
      List<String> chosen, List<RunbookGraph> graphs, Predicate<String> runnable) {
    Set<String> hops = new LinkedHashSet<>();
    graphs.stream()
        .filter(g -> chosen.contains(g.name()) && !g.hop().isEmpty())
        .forEach(g -> hops.add(g.hop()));
    List<String> out = new ArrayList<>();
    for (RunbookGraph g : graphs) {
      if (hops.contains(g.hop()) && !chosen.contains(g.name()) && runnable.test(g.name())) {
        out.add(g.name());
      }
    }
    return out;
  }

  /**
   * Whether the reports answer the alert's question with "no": none concludes a fault or an
   * artefact, and each measured its entity (none is {@code NOT_FOUND}, {@code PROBE_FAILED}: the
   * neighbours would not find or read it either).
   */
  static boolean answeredNo(List<TriageReport> reports) {
    return !reports.isEmpty()
        && reports.stream().allMatch(r -> NO_ANSWER.contains(r.verdict().category()));
  }
}
