package dev.lakeops.agent.chat;

import static java.util.Objects.requireNonNull;

import org.jspecify.annotations.Nullable;

/**
 * The approval links issued to the sender of a chat message for one proposal, or why there are
 * none.
 *
 * @param user the lakeops user the sender's chat identity maps to; null when it maps to none
 * @param approveUrl null when the user may not approve (e.g. the requester of a destructive action)
 * @param rejectUrl null when no link could be issued
 * @param detail why a link is missing, for the person; empty when both were issued
 */
public record IssuedLinks(
    Status status,
    String proposalId,
    @Nullable String user,
    @Nullable String approveUrl,
    @Nullable String rejectUrl,
    String detail) {

  /** Whether links were issued. */
  public enum Status {
    ISSUED,
    REFUSED,
    NOT_FOUND,
    NOT_CONFIGURED
  }

  public IssuedLinks {
    requireNonNull(status, "status");
    requireNonNull(proposalId, "proposalId");
    requireNonNull(detail, "detail");
  }

  public static IssuedLinks notConfigured(String proposalId) {
    return new IssuedLinks(
        Status.NOT_CONFIGURED,
        proposalId,
        null,
        null,
        null,
        "approval links are not configured on this lakeops instance"
            + " (lakeops.approval.link-secret)");
  }
}
