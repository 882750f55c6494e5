package dev.lakeops.runbooks.audit;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * One thing to audit: who did what to which proposal, with the evidence and the state before and
 * after.
 *
 * @param actor the person or process; {@code unknown} when not given
 * @param proposalId the proposal concerned; null for events about none (an unknown id is kept as
 *     given)
 * @param action the action name, e.g. {@code table.rollback_to}; null when unknown
 * @param summary one line for a person (for a refusal: the reason)
 * @param evidence ids of the findings the proposal cites
 * @param before state before (a fingerprint), empty when not applicable
 * @param after state after, empty when not applicable
 * @param details anything else, by name (arguments, approval origin, outcome figures)
 */
public record AuditEntry(
    AuditEvent event,
    String actor,
    @Nullable String proposalId,
    @Nullable String action,
    String summary,
    List<String> evidence,
    SortedMap<String, String> before,
    SortedMap<String, String> after,
    SortedMap<String, String> details) {

  public AuditEntry {
    requireNonNull(event, "event");
    actor = actor == null || actor.isBlank() ? "unknown" : actor;
    requireNonNull(summary, "summary");
    evidence = evidence == null ? List.of() : List.copyOf(evidence);
    before = copy(before);
    after = copy(after);
    details = copy(details);
  }

  public static AuditEntry of(
      AuditEvent event,
      String actor,
      @Nullable String proposalId,
      @Nullable String action,
      String summary) {
    return new AuditEntry(event, actor, proposalId, action, summary, List.of(), null, null, null);
  }

  public AuditEntry withEvidence(List<String> value) {
    return new AuditEntry(event, actor, proposalId, action, summary, value, before, after, details);
  }

  public AuditEntry withBefore(Map<String, String> value) {
    return new AuditEntry(
        event, actor, proposalId, action, summary, evidence, new TreeMap<>(value), after, details);
  }

  public AuditEntry withAfter(Map<String, String> value) {
    return new AuditEntry(
        event, actor, proposalId, action, summary, evidence, before, new TreeMap<>(value), details);
  }

  public AuditEntry withDetails(Map<String, String> value) {
    return new AuditEntry(
        event, actor, proposalId, action, summary, evidence, before, after, new TreeMap<>(value));
  }

  private static SortedMap<String, String> copy(@Nullable Map<String, String> map) {
    return map == null
        ? Collections.emptySortedMap()
        : Collections.unmodifiableSortedMap(new TreeMap<>(map));
  }
}
