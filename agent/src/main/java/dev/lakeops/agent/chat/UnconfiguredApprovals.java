package dev.lakeops.agent.chat;

import org.jspecify.annotations.Nullable;

/**
 * The {@link ApprovalPort} while no approvals engine is configured: every call says so, honestly.
 */
public final class UnconfiguredApprovals implements ApprovalPort {

  @Override
  public ApprovalOutcome approve(String proposalId, ChatMessage from) {
    return ApprovalOutcome.notConfigured();
  }

  @Override
  public ApprovalOutcome reject(String proposalId, ChatMessage from) {
    return ApprovalOutcome.notConfigured();
  }

  @Override
  public ApprovalOutcome proposeRollback(
      @Nullable String table, @Nullable Long snapshot, ChatMessage from) {
    return ApprovalOutcome.notConfigured();
  }
}
