package dev.lakeops.runbooks.graph;

import static java.util.Objects.requireNonNull;

/** One arm of a branch: when {@code guard} holds, go to {@code next}. */
public record Choice(Guard guard, String next) {

  public Choice {
    requireNonNull(guard, "guard");
    requireNonNull(next, "next");
  }
}
