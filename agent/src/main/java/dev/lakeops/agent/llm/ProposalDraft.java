package dev.lakeops.agent.llm;

import static java.util.Objects.requireNonNull;

import dev.lakeops.runbooks.action.ActionKind;
import java.util.List;
import java.util.Map;

/**
 * An action the model asks a person to approve, exactly as {@code propose_action} received it. It
 * maps field for field onto the approval gate's proposal request; free text stays text.
 *
 * @param action the action, validated against {@link ActionKind}
 * @param args its arguments, as given (the gate validates them for the action)
 * @param requester who asks: {@code llm} plus the run, e.g. {@code llm:incident 42}
 * @param reason why, in the model's words (shown to the approver, never interpreted)
 * @param evidence finding codes the model cites
 * @param origin the incident or chat thread the run served
 */
public record ProposalDraft(
    ActionKind action,
    Map<String, String> args,
    String requester,
    String reason,
    List<String> evidence,
    String origin) {

  public ProposalDraft {
    requireNonNull(action, "action");
    args = Map.copyOf(args);
    requireNonNull(requester, "requester");
    reason = reason == null ? "" : reason;
    evidence = List.copyOf(evidence);
    requireNonNull(origin, "origin");
  }
}
