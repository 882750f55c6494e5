package dev.lakeops.agent.store;

/**
 * The database could not be read or written. The message names the operation and the database error
 * in one line, without credentials.
 */
public final class StoreException extends RuntimeException {

  public StoreException(String message, Throwable cause) {
    super(message, cause);
  }
}
