package dev.lakeops.runbooks.graph;

import java.time.Duration;

/**
 * Time limits of one run.
 *
 * @param stepTimeout longest a single tool call may take
 * @param budget longest the whole run may take; tool calls that would start after it are skipped
 */
public record Limits(Duration stepTimeout, Duration budget) {

  public static final Limits DEFAULT = new Limits(Duration.ofSeconds(30), Duration.ofSeconds(120));

  public Limits {
    if (stepTimeout.isNegative()
        || stepTimeout.isZero()
        || budget.isNegative()
        || budget.isZero()) {
      throw new IllegalArgumentException(
          "step_timeout and budget must be positive, were " + stepTimeout + " and " + budget);
    }
  }
}
