package dev.lakeops.agent.chat;

import static dev.lakeops.tools.Checks.checkArgument;
import static java.util.Objects.requireNonNull;

/**
 * A button on a reply card. Clicking it sends {@code action} with {@code proposalId} back to
 * lakeops, which treats it exactly like the typed command {@code approve <id>} or {@code reject
 * <id>}.
 *
 * @param label the text on the button, in the reply's language
 * @param action what the click asks for
 * @param proposalId the proposal it acts on
 */
public record ChatButton(String label, Action action, String proposalId) {

  /** What a button asks for. */
  public enum Action {
    APPROVE("approve"),
    REJECT("reject");

    private final String id;

    Action(String id) {
      this.id = id;
    }

    /** {@code approve} or {@code reject}: the value platforms send back. */
    public String id() {
      return id;
    }
  }

  public ChatButton {
    requireNonNull(label, "label");
    requireNonNull(action, "action");
    requireNonNull(proposalId, "proposalId");
    checkArgument(ProposalIds.isValid(proposalId), "Invalid proposal id: %s", proposalId);
  }

  /** The value carried by the platform's button: {@code approve:<id>} or {@code reject:<id>}. */
  public String value() {
    return action.id() + ":" + proposalId;
  }
}
