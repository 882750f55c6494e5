package dev.lakeops.runbooks;

import static java.util.Objects.requireNonNull;

/**
 * One reason a runbook fits an alert, as the report shows it.
 *
 * @param kind what kind of evidence
 * @param detail what exactly, e.g. {@code metric flink_jobmanager_job_numRestarts ->
 *     flink.restarts}
 * @param weight what it adds to the runbook's score
 */
public record RouteReason(Kind kind, String detail, double weight) {

  public RouteReason {
    requireNonNull(kind, "kind");
    requireNonNull(detail, "detail");
  }

  /** Kinds of evidence, strongest first. */
  public enum Kind {
    /**
     * A team pinned the runbook for the alert rule ({@code
     * lakeops.alerts.rules.<alertname>.runbook}).
     */
    PIN,
    /** A metric of the rule's expression. */
    METRIC,
    /** A word or phrase of the alert's name. */
    NAME,
    /** A word or phrase of an annotation. */
    TEXT,
    /** A past alert like this one was resolved with the runbook. */
    EXAMPLE,
    /** The alert's text is close in meaning to the runbook's description. */
    SIMILARITY,
    /** The alert names what the runbook reads (a label of one of its concepts). */
    LABEL,
    /** The alert's text names what the runbook is about (a table, a topic ...). */
    MENTION,
    /** The runbook's own match rule (exact label values, or a runbook that is no graph). */
    MATCH,
    /**
     * The runbook examines the same hop as those the alert chose, which found nothing wrong: a
     * neighbouring cause.
     */
    HOP
  }
}
