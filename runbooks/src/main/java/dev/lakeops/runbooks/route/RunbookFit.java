package dev.lakeops.runbooks.route;

import static java.util.Objects.requireNonNull;

import dev.lakeops.runbooks.RouteReason;
import java.util.List;

/**
 * How one runbook fits one alert, before anything runs.
 *
 * @param runbook the runbook's id
 * @param score the sum of the reasons' weights
 * @param reasons why, strongest first
 * @param missing required inputs the alert does not give, each with the labels it is read from
 * @param level what kind of evidence the strongest reason is
 */
public record RunbookFit(
    String runbook, double score, List<RouteReason> reasons, List<String> missing, Level level) {

  public RunbookFit {
    requireNonNull(runbook, "runbook");
    reasons = List.copyOf(reasons);
    missing = List.copyOf(missing);
    requireNonNull(level, "level");
  }

  /** Evidence levels, weakest first. */
  public enum Level {
    /** Nothing relates the alert to the runbook. */
    NONE,
    /** The alert names what the runbook reads (a job, a table) but says nothing of what fired. */
    SUBJECT,
    /** Its annotations, a past alert or its meaning say what the runbook answers. */
    TEXT,
    /**
     * What the rule is made of says so: a metric of its expression, its name, exact label values.
     */
    RULE,
    /** A team pinned the runbook for this alert rule. */
    PINNED
  }

  /** Whether the alert gives every required input. */
  public boolean runnable() {
    return missing.isEmpty();
  }

  /** Whether something the alert says (not only what it names) relates it to the runbook. */
  public boolean fits() {
    return level.compareTo(Level.TEXT) >= 0;
  }
}
