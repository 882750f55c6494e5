package dev.lakeops.runbooks.graph;

import static java.util.Objects.requireNonNull;

import java.util.List;

/** Ends the run with a typed verdict. */
public record EndStep(String id, VerdictSpec verdict) implements Step {

  public EndStep {
    requireNonNull(verdict, "verdict");
  }

  @Override
  public String kind() {
    return "end";
  }

  @Override
  public List<String> successors() {
    return List.of();
  }

  @Override
  public List<String> reads() {
    return verdict.reads();
  }

  @Override
  public List<String> inputsRead() {
    return verdict.inputsRead();
  }

  @Override
  public List<String> conceptsRead() {
    return Template.conceptsOf(verdict.templates());
  }
}
