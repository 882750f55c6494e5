package dev.lakeops.runbooks;

import static java.util.Objects.requireNonNull;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The typed result of a triage.
 *
 * @param category what was concluded
 * @param headline one sentence for a person
 * @param entities what it is about, e.g. {@code job}, {@code vertex}, {@code topic}, {@code
 *     partition}, {@code table}, {@code bucket}, {@code snapshot}, {@code binlogFile}, {@code
 *     binlogOffset}
 * @param evidence ids of the findings that support it ({@code step#n}, see {@link
 *     TriageReport#findingsById()})
 * @param confidence how strongly they do
 * @param nextActions what a person should do next, most useful first
 * @param window the period the observations cover, or null
 * @param proposals actions proposed as data, each awaiting approval; none has run
 */
public record Verdict(
    Category category,
    String headline,
    Map<String, String> entities,
    List<String> evidence,
    Confidence confidence,
    List<String> nextActions,
    @Nullable TimeWindow window,
    List<ProposedAction> proposals) {

  public Verdict {
    requireNonNull(category, "category");
    requireNonNull(headline, "headline");
    entities = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(entities));
    evidence = List.copyOf(evidence);
    requireNonNull(confidence, "confidence");
    nextActions = List.copyOf(nextActions);
    proposals = proposals == null ? List.of() : List.copyOf(proposals);
  }

  /** A verdict with no time window and no proposals. */
  public Verdict(
      Category category,
      String headline,
      Map<String, String> entities,
      List<String> evidence,
      Confidence confidence,
      List<String> nextActions) {
    this(category, headline, entities, evidence, confidence, nextActions, null, List.of());
  }
}
