package dev.lakeops.runbooks.graph;

import java.util.List;

/**
 * Waits until people approve the proposal of step {@code proposal} as its risk tier requires.
 * Reached only from that propose step's {@code approval}; the planner never passes it.
 */
public record ApprovalStep(String id, String proposal, String onApproved, String onRejected)
    implements Step {

  @Override
  public String kind() {
    return "approval";
  }

  @Override
  public List<String> successors() {
    return List.of(onApproved, onRejected);
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
