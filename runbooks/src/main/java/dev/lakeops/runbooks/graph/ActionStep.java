package dev.lakeops.runbooks.graph;

import dev.lakeops.runbooks.action.ActionKind;
import java.util.List;

/**
 * Runs the stored proposal of step {@code proposal} (its action and exact arguments). Valid only
 * where an approval of that proposal precedes it on every path; the planner never runs it.
 */
public record ActionStep(
    String id, ActionKind action, String proposal, String next, String onFailure) implements Step {

  @Override
  public String kind() {
    return "action";
  }

  @Override
  public List<String> successors() {
    return List.of(next, onFailure);
  }

  @Override
  public List<String> reads() {
    return List.of();
  }

  @Override
  public List<String> inputsRead() {
    return List.of();
  }
}
