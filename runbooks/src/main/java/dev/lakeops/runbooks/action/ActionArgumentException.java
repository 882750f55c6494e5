package dev.lakeops.runbooks.action;

/**
 * An action argument is missing, unknown or malformed; the message names the argument and the
 * value.
 */
public final class ActionArgumentException extends IllegalArgumentException {

  private final String argument;

  public ActionArgumentException(ActionKind action, String argument, String problem) {
    super("Invalid argument '" + argument + "' of " + action.actionName() + ": " + problem);
    this.argument = argument;
  }

  /** The argument at fault. */
  public String argument() {
    return argument;
  }
}
