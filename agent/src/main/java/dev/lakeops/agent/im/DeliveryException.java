package dev.lakeops.agent.im;

/**
 * A reply could not be delivered: the platform answered an error (HTTP status or its own error
 * code) or did not answer. The message names the endpoint without its query (which may carry a
 * token) and the platform's error, never a credential.
 */
public class DeliveryException extends RuntimeException {

  public DeliveryException(String message) {
    super(message);
  }

  public DeliveryException(String message, Throwable cause) {
    super(message, cause);
  }
}
