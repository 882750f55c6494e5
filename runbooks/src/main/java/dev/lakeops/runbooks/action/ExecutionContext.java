package dev.lakeops.runbooks.action;

import static java.util.Objects.requireNonNull;

/**
 * What an executing action knows about the proposal it runs for.
 *
 * @param proposalId the proposal, named in commit users and undo tags
 */
public record ExecutionContext(String proposalId) {

  public ExecutionContext {
    requireNonNull(proposalId, "proposalId");
  }
}
