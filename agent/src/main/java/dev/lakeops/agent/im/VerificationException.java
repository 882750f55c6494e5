package dev.lakeops.agent.im;

/**
 * A request to an IM endpoint did not prove it came from the platform: a wrong or missing signature
 * or token, a stale or replayed timestamp, a payload that does not decrypt with the configured key,
 * or an adapter without its secret configured. Answered with 401; the message names what failed and
 * never contains a secret.
 */
public class VerificationException extends RuntimeException {

  public VerificationException(String message) {
    super(message);
  }
}
