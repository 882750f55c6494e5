package dev.lakeops.tools;

import static java.util.Objects.requireNonNull;

/**
 * A probe could not capture what it was asked for. Carries the exact endpoint or query so the
 * reader (a person or a model) can tell what was tried; never carries credentials.
 */
public class ProbeException extends RuntimeException {

  /** Why the capture failed. */
  public enum Code {
    /** The system did not answer: connection refused, DNS failure, closed port. */
    UNREACHABLE,
    /** The system refused the credentials. */
    UNAUTHORIZED,
    /** The system answered that the requested thing does not exist. */
    NOT_FOUND,
    /** The system did not answer within the time allowed. */
    TIMEOUT,
    /** The system answered with something that is not what the API promises. */
    BAD_RESPONSE
  }

  private final Code code;
  private final String endpoint;

  public ProbeException(Code code, String endpoint, String message) {
    this(code, endpoint, message, null);
  }

  public ProbeException(Code code, String endpoint, String message, Throwable cause) {
    super(message, cause);
    this.code = requireNonNull(code, "code");
    this.endpoint = requireNonNull(endpoint, "endpoint");
  }

  public Code code() {
    return code;
  }

  /** The exact endpoint or query that failed. */
  public String endpoint() {
    return endpoint;
  }
}
