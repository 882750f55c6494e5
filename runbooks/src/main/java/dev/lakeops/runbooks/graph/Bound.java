package dev.lakeops.runbooks.graph;

import static java.util.Objects.requireNonNull;

/**
 * A bound on how often one run may enter a step, which makes a cycle through it finite.
 *
 * @param maxIterations visits allowed per run, at least 1
 * @param onExhausted the step to go to instead of a visit beyond {@code maxIterations}
 */
public record Bound(int maxIterations, String onExhausted) {

  public Bound {
    if (maxIterations < 1) {
      throw new IllegalArgumentException("max_iterations must be at least 1, was " + maxIterations);
    }
    requireNonNull(onExhausted, "onExhausted");
  }
}
