package dev.lakeops.agent.llm;

import dev.lakeops.runbooks.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Turns the model's {@link LlmVerdict} into a {@link Verdict}, or says exactly why it cannot: a
 * missing field, a summary too long, too many items, an evidence code that no finding of the
 * incident has (the model may cite only what the data or its own tool results hold).
 */
final class VerdictGuard {

  static final int MAX_SUMMARY = 500;
  static final int MAX_ITEMS = 20;

  private VerdictGuard() {}

  /** The outcome: a verdict, or the reason there is none. */
  record Outcome(@Nullable Verdict verdict, @Nullable String error) {
    static Outcome ok(Verdict v) {
      return new Outcome(v, null);
    }

    static Outcome invalid(String why) {
      return new Outcome(null, why);
    }

    boolean valid() {
      return verdict != null;
    }
  }

  /**
   * @param knownCodes finding codes that exist: the deterministic triage's and the run's tool
   *     results'
   */
  static Outcome check(LlmVerdict answer, Set<String> knownCodes) {
    if (answer.category() == null) {
      return Outcome.invalid("the category is missing");
    }
    if (answer.confidence() == null) {
      return Outcome.invalid("the confidence is missing");
    }
    String summary = answer.summary() == null ? "" : answer.summary().strip();
    if (summary.isEmpty()) {
      return Outcome.invalid("the summary is missing");
    }
    if (summary.length() > MAX_SUMMARY) {
      return Outcome.invalid("the summary is longer than " + MAX_SUMMARY + " characters");
    }
    Map<String, String> entities = new LinkedHashMap<>();
    for (LlmVerdict.Entity e : orEmpty(answer.entities())) {
      if (e == null || e.name() == null || e.name().isBlank()) {
        return Outcome.invalid("an entity has no name");
      }
      entities.put(e.name().strip(), e.value() == null ? "" : e.value().strip());
    }
    List<String> evidence = strings(answer.evidence());
    for (String code : evidence) {
      if (!knownCodes.contains(code)) {
        return Outcome.invalid(
            "evidence '" + clip(code, 60) + "' is not a finding of this incident");
      }
    }
    List<String> nextActions = strings(answer.nextActions());
    if (entities.size() > MAX_ITEMS
        || evidence.size() > MAX_ITEMS
        || nextActions.size() > MAX_ITEMS) {
      return Outcome.invalid(
          "more than " + MAX_ITEMS + " entities, evidence codes or next actions");
    }
    return Outcome.ok(
        new Verdict(
            answer.category(), summary, entities, evidence, answer.confidence(), nextActions));
  }

  private static <T> List<T> orEmpty(@Nullable List<T> list) {
    return list == null ? List.of() : list;
  }

  private static List<String> strings(@Nullable List<String> list) {
    List<String> out = new ArrayList<>();
    orEmpty(list).stream().filter(Objects::nonNull).map(String::strip).forEach(out::add);
    return out;
  }

  static String clip(String text, int max) {
    String line = text.replaceAll("\\s+", " ").strip();
    return line.length() <= max ? line : line.substring(0, max) + "...";
  }
}
