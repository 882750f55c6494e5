package dev.lakeops.eval.sandbox;

/**
 * The sandbox could not start or be controlled: a port is taken, the build output is missing, or
 * the broker or the pipeline failed to come up. The message says what to do where it can.
 */
public class SandboxException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public SandboxException(String message) {
    super(message);
  }

  public SandboxException(String message, Throwable cause) {
    super(message, cause);
  }
}
