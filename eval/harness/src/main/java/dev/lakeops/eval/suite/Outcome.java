package dev.lakeops.eval.suite;

import java.util.List;

/**
 * How one run was triaged, against its truth: the categories, the entities found and missed, the
 * cited evidence no tool returned, the tools called in order, what must not have happened and did,
 * and how long the triage took.
 */
public record Outcome(
    String run,
    String scenario,
    String family,
    String expected,
    String actual,
    boolean fault,
    int entitiesRight,
    int entitiesWrong,
    int entitiesMissed,
    int cited,
    List<String> invalidEvidence,
    List<String> tools,
    List<String> missingTools,
    List<String> violations,
    double millis,
    String headline,
    java.util.Map<String, String> named,
    List<String> findings,
    boolean injected) {

  public boolean correct() {
    return expected.equals(actual);
  }

  /** A fault verdict on a case without one. */
  public boolean falsePositive() {
    return !fault && !NON_FAULT.contains(actual);
  }

  /**
   * Categories that claim no fault: a no-fault case answered with one of these is not a false
   * alarm.
   */
  static final List<String> NON_FAULT =
      List.of("NO_FAULT", "INCONCLUSIVE", "NO_RUNBOOK", "MONITORING_ARTEFACT", "NOT_FOUND");
}
