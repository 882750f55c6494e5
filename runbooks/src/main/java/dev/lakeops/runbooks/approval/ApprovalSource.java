package dev.lakeops.runbooks.approval;

import static java.util.Objects.requireNonNull;

import org.jspecify.annotations.Nullable;

/**
 * Where an approval came from.
 *
 * @param channel {@code cli}, {@code console}, {@code slack}, {@code signed-link} ...
 * @param address the client address, when known
 * @param imUserId the user id in the IM system, when the approval came from chat
 */
public record ApprovalSource(String channel, @Nullable String address, @Nullable String imUserId) {

  public ApprovalSource {
    requireNonNull(channel, "channel");
  }

  public static ApprovalSource cli(String where) {
    return new ApprovalSource("cli", where, null);
  }

  @Override
  public String toString() {
    return channel
        + (address == null ? "" : " from " + address)
        + (imUserId == null ? "" : " as " + imUserId);
  }
}
