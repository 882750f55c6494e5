package dev.lakeops.eval.models;

import dev.lakeops.eval.suite.Outcome;
import org.jspecify.annotations.Nullable;

/**
 * One repeat of one run with a model: the outcome of the verdict lakeops kept (the model's, or the
 * deterministic one when the model's was refused or advisory), the model's own category, the
 * deterministic category, and what the model spent.
 */
public record ModelTrial(
    String model,
    int repeat,
    Outcome outcome,
    @Nullable String modelCategory,
    String deterministicCategory,
    String kept,
    @Nullable String fallback,
    String mode,
    int toolCalls,
    long tokens,
    double millis) {

  /** Whether the verdict lakeops kept is right. */
  public boolean correct() {
    return outcome.correct();
  }

  /** Whether the model's own verdict is right (it gave none: not right). */
  public boolean modelCorrect() {
    return outcome.expected().equals(modelCategory);
  }

  public boolean deterministicCorrect() {
    return outcome.expected().equals(deterministicCategory);
  }
}
