package dev.lakeops.runbooks.action;

/**
 * The live state forbids an action (an active consumer group, a job that is not running); nothing
 * was changed.
 */
public final class ActionRefusedException extends RuntimeException {

  public ActionRefusedException(String message) {
    super(message);
  }
}
