package dev.lakeops.table.io.hdfs;

import dev.lakeops.table.io.ObjectStoreException;
import dev.lakeops.table.io.ObjectStoreException.Kind;
import java.io.IOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import org.apache.hadoop.ipc.RemoteException;
import org.apache.hadoop.net.ConnectTimeoutException;
import org.apache.hadoop.security.AccessControlException;

/**
 * Turns the Hadoop client's {@link IOException}s into {@link ObjectStoreException}s naming the URI,
 * the operation (by the request kinds of {@link dev.lakeops.table.io.IoStats}) and the NameNode's
 * answer: its exception class and first message line, without the server's stack trace.
 */
final class HdfsErrors {

  private HdfsErrors() {}

  static ObjectStoreException of(String operation, String uri, IOException e) {
    IOException unwrapped =
        e instanceof RemoteException remote
            ? remote.unwrapRemoteException(AccessControlException.class)
            : e;
    return new ObjectStoreException(kind(unwrapped), uri, operation, answer(unwrapped), unwrapped);
  }

  static Kind kind(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof AccessControlException
          || t instanceof RemoteException r
              && r.getClassName().endsWith(".AccessControlException")) {
        return Kind.FORBIDDEN;
      }
      if (t instanceof ConnectException
          || t instanceof UnknownHostException
          || t instanceof NoRouteToHostException
          || t instanceof SocketTimeoutException
          || t instanceof ConnectTimeoutException) {
        return Kind.UNREACHABLE;
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return Kind.FAILED;
  }

  // The NameNode's messages can run over several lines (a RemoteException carries the server's
  // trace when unwrapping fails); the first names what went wrong.
  static String answer(Throwable e) {
    String name =
        e instanceof RemoteException r
            ? simpleName(r.getClassName())
            : e.getClass().getSimpleName();
    String message = e.getMessage() == null ? "" : e.getMessage().strip();
    int newline = message.indexOf('\n');
    if (newline >= 0) {
      message = message.substring(0, newline).strip();
    }
    return message.isEmpty() ? name : name + ": " + message;
  }

  private static String simpleName(String className) {
    return className.substring(className.lastIndexOf('.') + 1);
  }
}
