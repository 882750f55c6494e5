package dev.lakeops.runbooks.audit;

/** An audit record cannot be parsed; the message names the file and line. */
public final class CorruptAuditLogException extends RuntimeException {

  public CorruptAuditLogException(String message, Throwable cause) {
    super(message, cause);
  }
}
