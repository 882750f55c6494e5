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
 * @param changes what changed before the alert, one line per read of the change probe (e.g. {@code
 *     changed 7 minutes before the alert: job orders resubmitted (parallelism 2 → 4)}), or why it
 *     could not be read; empty where no change probe is bound
 */
public record Verdict(
    Category category,
    String headline,
    Map<String, String> entities,
    List<String> evidence,
    Confidence confidence,
    List<String> nextActions,
    @Nullable TimeWindow window,
    List<ProposedAction> proposals,
    List<String> changes) {

  public Verdict {
    requireNonNull(category, "category");
    requireNonNull(headline, "headline");
    entities = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(entities));
    evidence = List.copyOf(evidence);
    requireNonNull(confidence, "confidence");
    nextActions = List.copyOf(nextActions);
    proposals = proposals == null ? List.of() : List.copyOf(proposals);
    changes = changes == null ? List.of() : List.copyOf(changes);
  }

  /** A verdict that says nothing of what changed. */
  public Verdict(
      Category category,
      String headline,
      Map<String, String> entities,
      List<String> evidence,
      Confidence confidence,
      List<String> nextActions,
      @Nullable TimeWindow window,
      List<ProposedAction> proposals) {
    this(
        category,
        headline,
        entities,
        evidence,
        confidence,
        nextActions,
        window,
        proposals,
        List.of());
  }

  /** This verdict with {@code more} lines of what changed. */
  public Verdict withChanges(List<String> more) {
    List<String> all = new java.util.ArrayList<>(changes);
    all.addAll(more);
    return new Verdict(
        category, headline, entities, evidence, confidence, nextActions, window, proposals, all);
  }

  /** This verdict with another headline, the rest kept. */
  public Verdict withHeadline(String newHeadline) {
    return new Verdict(
        category,
        newHeadline,
        entities,
        evidence,
        confidence,
        nextActions,
        window,
        proposals,
        changes);
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
