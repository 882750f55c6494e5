package dev.lakeops.runbooks.action;

import java.util.Optional;

/**
 * One action bound to its validated arguments and its target. An action never runs on its own:
 * {@link dev.lakeops.runbooks.approval.ApprovalGate} calls {@link #execute} only for an approved,
 * unexpired proposal whose {@link #fingerprint} still matches.
 */
public interface Action {

  ActionKind kind();

  /** Reads the state this action depends on. Changes nothing. */
  Fingerprint fingerprint();

  /**
   * What the action would do against the live state. Changes nothing.
   *
   * @throws ActionRefusedException the action cannot run in this state (e.g. an active consumer
   *     group)
   */
  Preview preview();

  /**
   * Takes an undo point before the action runs, for actions that have one (a table tag); the
   * description of what was taken, empty when the action has none.
   */
  default Optional<String> createUndoPoint(String name) {
    return Optional.empty();
  }

  /**
   * Runs the action.
   *
   * @throws ActionRefusedException the live state forbids it (checked again here, not only at
   *     proposal)
   * @throws RuntimeException the action failed; what it changed before failing is in the message
   */
  ActionOutcome execute(ExecutionContext context);

  /** Checks the state after {@link #execute} returned {@code outcome}. Changes nothing. */
  Verification verify(ActionOutcome outcome);
}
