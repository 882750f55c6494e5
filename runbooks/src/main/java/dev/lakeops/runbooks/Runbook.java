package dev.lakeops.runbooks;

/** A triage procedure for one kind of alert. Read-only: it never changes a job, table or topic. */
public interface Runbook {

  /** Stable id, e.g. {@code flink-backpressure}. */
  String id();

  /** Whether this runbook is about the alert; strongest match first is the planner's job. */
  Match match(AlertSignal alert);

  /**
   * Among runbooks with the same {@link Match}, the higher fits better (e.g. more keywords found);
   * 0 by default.
   */
  default int strength(AlertSignal alert) {
    return 0;
  }

  /**
   * Runs the runbook's probes and analyzers and concludes. Never throws for a failed probe: the
   * failure is part of the report.
   */
  TriageReport run(AlertSignal alert);

  /** How well a runbook fits an alert. */
  enum Match {
    NONE,
    /** Words of the alert fit, no exact label. */
    KEYWORD,
    /** A label the runbook is made for is present. */
    LABEL
  }
}
