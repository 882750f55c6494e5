package dev.lakeops.table.io.s3;

import dev.lakeops.table.io.ObjectStoreException;
import dev.lakeops.table.io.ObjectStoreException.Kind;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.s3.model.S3Exception;

/** Turns the SDK's exceptions into {@link ObjectStoreException}s naming URI, operation, answer. */
final class S3Errors {

  private S3Errors() {}

  static ObjectStoreException of(String operation, String uri, SdkException e) {
    if (e instanceof S3Exception s) {
      int status = s.statusCode();
      String code =
          s.awsErrorDetails() == null || s.awsErrorDetails().errorCode() == null
              ? ""
              : s.awsErrorDetails().errorCode();
      String message =
          s.awsErrorDetails() == null || s.awsErrorDetails().errorMessage() == null
              ? ""
              : s.awsErrorDetails().errorMessage();
      String answer =
          status + (code.isEmpty() ? "" : " " + code) + (message.isEmpty() ? "" : ": " + message);
      return new ObjectStoreException(kind(status, code), uri, operation, answer, e);
    }
    if (e instanceof SdkClientException && isConnectionFailure(e)) {
      return new ObjectStoreException(Kind.UNREACHABLE, uri, operation, rootMessage(e), e);
    }
    return new ObjectStoreException(Kind.FAILED, uri, operation, rootMessage(e), e);
  }

  static Kind kind(int status, String code) {
    if (status == 403) {
      return Kind.FORBIDDEN;
    }
    if (status == 404 && code.equals("NoSuchBucket")) {
      return Kind.NO_SUCH_BUCKET;
    }
    if (status == 503 || status == 429 || code.equals("SlowDown") || code.equals("Throttling")) {
      return Kind.THROTTLED;
    }
    return Kind.FAILED;
  }

  static boolean isConnectionFailure(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof ConnectException
          || t instanceof UnknownHostException
          || t instanceof NoRouteToHostException
          || t instanceof SocketTimeoutException
          || t.getClass().getSimpleName().equals("HttpHostConnectException")
          || t.getClass().getSimpleName().equals("ConnectTimeoutException")) {
        return true;
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return false;
  }

  static String rootMessage(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String m = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
    return root == e ? m : e.getMessage() + " (" + m + ")";
  }
}
