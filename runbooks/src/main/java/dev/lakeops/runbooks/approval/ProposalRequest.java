package dev.lakeops.runbooks.approval;

import static java.util.Objects.requireNonNull;

import dev.lakeops.runbooks.action.ActionKind;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A request to propose an action. {@code args} come from structured input only; {@code originText}
 * is whatever free text came with the request, stored for the approver and never interpreted.
 *
 * @param ttl how long the proposal may wait for approval and execution
 */
public record ProposalRequest(
    ActionKind action,
    Map<String, String> args,
    String requester,
    Duration ttl,
    String reason,
    List<String> evidence,
    @Nullable String originText) {

  public static final Duration DEFAULT_TTL = Duration.ofHours(1);
  public static final Duration MAX_TTL = Duration.ofDays(7);

  public ProposalRequest {
    requireNonNull(action, "action");
    args = Map.copyOf(args);
    requireNonNull(requester, "requester");
    if (requester.isBlank()) {
      throw new IllegalArgumentException("Invalid requester: empty");
    }
    requireNonNull(ttl, "ttl");
    if (ttl.isNegative() || ttl.isZero() || ttl.compareTo(MAX_TTL) > 0) {
      throw new IllegalArgumentException(
          "Invalid expiry: "
              + ttl
              + " (must be positive and at most "
              + MAX_TTL.toDays()
              + " days)");
    }
    reason = reason == null ? "" : reason;
    evidence = evidence == null ? List.of() : List.copyOf(evidence);
  }

  public static ProposalRequest of(ActionKind action, Map<String, String> args, String requester) {
    return new ProposalRequest(action, args, requester, DEFAULT_TTL, "", List.of(), null);
  }
}
