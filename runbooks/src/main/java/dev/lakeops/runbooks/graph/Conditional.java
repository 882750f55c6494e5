package dev.lakeops.runbooks.graph;

import static java.util.Objects.requireNonNull;

import org.jspecify.annotations.Nullable;

/** A templated text that applies only when {@code when} holds (always when null). */
public record Conditional(Template text, @Nullable Guard when) {

  public Conditional {
    requireNonNull(text, "text");
  }

  public boolean applies(RunContext ctx) {
    return when == null || when.holds(ctx);
  }
}
