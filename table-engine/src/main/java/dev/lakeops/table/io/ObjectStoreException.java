package dev.lakeops.table.io;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * An object store refused or failed a request: names the URI, the operation and the store's answer
 * (HTTP status and error code), never a credential. Retryable answers (throttling, 5xx) were
 * already retried with backoff by the store's client when this is thrown.
 */
public final class ObjectStoreException extends UncheckedIOException {

  /** What went wrong, by the store's answer. */
  public enum Kind {
    /** No connection to the endpoint (refused, unknown host, timed out). */
    UNREACHABLE,
    /** 403: the credentials are wrong or lack the permission. */
    FORBIDDEN,
    /** 404 NoSuchBucket: the warehouse's bucket does not exist. */
    NO_SUCH_BUCKET,
    /** 503 SlowDown (or 429) still answered after the retries. */
    THROTTLED,
    /** The store returned fewer bytes than the object holds. */
    TRUNCATED,
    /** The store ignores or refuses {@code If-None-Match: *}, so a commit cannot be exclusive. */
    CONDITIONAL_WRITE_UNSUPPORTED,
    /** Any other refusal or failure. */
    FAILED
  }

  private final Kind kind;
  private final String uri;
  private final String operation;
  private final String answer;

  public ObjectStoreException(
      Kind kind, String uri, String operation, String answer, Throwable cause) {
    super(
        operation + " " + uri + " failed: " + describe(kind) + " (store answered: " + answer + ")",
        cause instanceof IOException io ? io : new IOException(answer, cause));
    this.kind = kind;
    this.uri = uri;
    this.operation = operation;
    this.answer = answer;
  }

  private static String describe(Kind kind) {
    return switch (kind) {
      case UNREACHABLE -> "the store is unreachable";
      case FORBIDDEN -> "access denied (check the credentials and their permissions)";
      case NO_SUCH_BUCKET -> "the bucket does not exist";
      case THROTTLED -> "the store kept throttling the requests after retries";
      case TRUNCATED -> "the object is shorter than expected (truncated)";
      case CONDITIONAL_WRITE_UNSUPPORTED ->
          "the store does not support conditional writes (If-None-Match), so a commit cannot be"
              + " made exclusive; refusing to commit";
      case FAILED -> "the request failed";
    };
  }

  public Kind kind() {
    return kind;
  }

  public String uri() {
    return uri;
  }

  /** The request: {@code GET}, {@code PUT}, {@code LIST}, {@code HEAD}, {@code DELETE}. */
  public String operation() {
    return operation;
  }

  /** The store's answer: HTTP status, error code and message, or the connection error. */
  public String answer() {
    return answer;
  }
}
