package dev.lakeops.runbooks.load;

import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.graph.ApprovalStep;
import dev.lakeops.runbooks.graph.EndStep;
import dev.lakeops.runbooks.graph.RunbookGraph;
import dev.lakeops.runbooks.graph.Step;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One category per cause across a set of runbooks: the same measurement gets the same category
 * whichever runbook made it. Checked over the end steps a triage can reach (those after an approval
 * describe an action's outcome and are left out):
 *
 * <ul>
 *   <li>an end's primary evidence (its first evidence pattern) concludes one category in every
 *       runbook that cites it first;
 *   <li>an end whose primary evidence is a healthy code ({@code .none}, {@code .ok}, {@code
 *       .healthy}, {@code .match}) concludes {@link Category#NO_FAULT};
 *   <li>no end concludes a deprecated category (those are read from stored verdicts only).
 * </ul>
 *
 * Ends that measured nothing ({@code NOT_FOUND}, {@code PROBE_FAILED}, {@code INCONCLUSIVE}) cite
 * whatever there is and are not checked for their evidence.
 */
public final class CategoryTaxonomy {

  private static final Set<Category> UNMEASURED =
      Set.of(Category.NOT_FOUND, Category.PROBE_FAILED, Category.INCONCLUSIVE);
  private static final List<String> HEALTHY_SUFFIXES =
      List.of(".none", ".ok", ".healthy", ".match");

  private CategoryTaxonomy() {}

  /** Every breach of the taxonomy in {@code graphs}, each naming runbook, step and category. */
  public static List<String> problems(List<RunbookGraph> graphs) {
    List<String> problems = new ArrayList<>();
    Map<String, Map<Category, List<String>>> byPrimary = new LinkedHashMap<>();
    for (RunbookGraph g : graphs) {
      for (EndStep end : triageEnds(g)) {
        Category c = end.verdict().category();
        String where = g.name() + "#" + end.id();
        if (isDeprecated(c)) {
          problems.add(where + " concludes " + c + ", which is deprecated (stored verdicts only)");
        }
        if (UNMEASURED.contains(c)) {
          continue;
        }
        if (end.verdict().evidence().isEmpty()) {
          problems.add(where + " concludes " + c + " but cites no evidence");
          continue;
        }
        String primary = end.verdict().evidence().get(0).code().pattern();
        byPrimary
            .computeIfAbsent(primary, k -> new LinkedHashMap<>())
            .computeIfAbsent(c, k -> new ArrayList<>())
            .add(where);
        if (isHealthy(primary) && c != Category.NO_FAULT) {
          problems.add(
              where
                  + " cites the healthy "
                  + primary
                  + " first but concludes "
                  + c
                  + ", not NO_FAULT");
        }
      }
    }
    byPrimary.forEach(
        (primary, categories) -> {
          if (categories.size() > 1) {
            problems.add(primary + " concludes different categories: " + categories);
          }
        });
    return problems;
  }

  /** Which runbooks conclude each category, in category order (for documentation). */
  public static Map<Category, Set<String>> concludedBy(List<RunbookGraph> graphs) {
    Map<Category, Set<String>> by = new LinkedHashMap<>();
    for (Category c : Category.values()) {
      for (RunbookGraph g : graphs) {
        if (triageEnds(g).stream().anyMatch(e -> e.verdict().category() == c)) {
          by.computeIfAbsent(c, k -> new LinkedHashSet<>()).add(g.name());
        }
      }
    }
    return by;
  }

  /** The end steps reachable from the start without passing an approval. */
  static List<EndStep> triageEnds(RunbookGraph g) {
    Set<String> seen = new LinkedHashSet<>();
    Deque<String> todo = new ArrayDeque<>(List.of(g.start()));
    List<EndStep> ends = new ArrayList<>();
    while (!todo.isEmpty()) {
      String id = todo.pop();
      if (!seen.add(id)) {
        continue;
      }
      Step s = g.require(id);
      if (s instanceof ApprovalStep) {
        continue;
      }
      if (s instanceof EndStep e) {
        ends.add(e);
      }
      todo.addAll(s.successors());
    }
    return ends;
  }

  private static boolean isHealthy(String code) {
    return !code.contains("*") && HEALTHY_SUFFIXES.stream().anyMatch(code::endsWith);
  }

  private static boolean isDeprecated(Category c) {
    try {
      return Category.class.getField(c.name()).isAnnotationPresent(Deprecated.class);
    } catch (NoSuchFieldException e) {
      throw new IllegalStateException("An enum constant is a field: " + c, e);
    }
  }
}
