package dev.lakeops.eval.sandbox;

/**
 * A child JVM could not be started, exited or did not become ready in time. The message names the
 * process and quotes the end of its log.
 */
public class JavaProcessException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public JavaProcessException(String message) {
    super(message);
  }

  public JavaProcessException(String message, Throwable cause) {
    super(message, cause);
  }
}
