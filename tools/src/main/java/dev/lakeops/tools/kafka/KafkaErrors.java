package dev.lakeops.tools.kafka;

import dev.lakeops.tools.ProbeException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.common.errors.AuthenticationException;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.GroupIdNotFoundException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/** Turns Kafka client exceptions into {@link ProbeException} codes with the bootstrap address. */
public final class KafkaErrors {

  private KafkaErrors() {}

  public static Throwable unwrap(Throwable e) {
    Throwable t = e;
    while ((t instanceof ExecutionException || t instanceof CompletionException)
        && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }

  public static ProbeException.Code code(Throwable e) {
    Throwable t = unwrap(e);
    if (t instanceof AuthenticationException || t instanceof AuthorizationException) {
      return ProbeException.Code.UNAUTHORIZED;
    }
    if (t instanceof GroupIdNotFoundException || t instanceof UnknownTopicOrPartitionException) {
      return ProbeException.Code.NOT_FOUND;
    }
    if (t instanceof TimeoutException || t instanceof java.util.concurrent.TimeoutException) {
      return ProbeException.Code.TIMEOUT;
    }
    return ProbeException.Code.BAD_RESPONSE;
  }

  /** One line: the exception's class and message, no stack trace. */
  public static String message(Throwable e) {
    Throwable t = unwrap(e);
    String text = t.getMessage();
    return t.getClass().getSimpleName() + (text == null || text.isBlank() ? "" : ": " + text);
  }

  public static ProbeError partial(String query, Throwable e) {
    return new ProbeError(code(e), query, message(e));
  }

  /**
   * The failure of the first call to a cluster. A Kafka client reports an unreachable cluster as a
   * timeout ("Timed out waiting for a node assignment"), so a plain TCP connect tells "nothing
   * listens there" (UNREACHABLE) from "something listens but speaks no Kafka we understand in time"
   * (TIMEOUT: a TLS or SASL listener, a wrong port, an overloaded broker).
   */
  public static ProbeException firstCall(
      KafkaCluster cluster, String query, Throwable e, Duration timeout) {
    ProbeException.Code code = code(e);
    String bootstrap = cluster.bootstrapServers();
    if (code == ProbeException.Code.UNAUTHORIZED) {
      return new ProbeException(
          code,
          query,
          "the Kafka cluster at "
              + bootstrap
              + " refused the credentials of profile '"
              + cluster.name()
              + "': "
              + message(e),
          e);
    }
    if (code == ProbeException.Code.TIMEOUT) {
      if (!anyListening(bootstrap, timeout)) {
        return new ProbeException(
            ProbeException.Code.UNREACHABLE,
            query,
            "no Kafka broker reachable at "
                + bootstrap
                + " (TCP connect failed; is the broker running and the address right?)",
            e);
      }
      return new ProbeException(
          code,
          query,
          "the Kafka cluster at "
              + bootstrap
              + " accepted a connection but did not answer within "
              + timeout.toMillis()
              + " ms (wrong listener or security protocol, or an overloaded broker)",
          e);
    }
    return new ProbeException(code, query, "Kafka cluster at " + bootstrap + ": " + message(e), e);
  }

  private static boolean anyListening(String bootstrap, Duration timeout) {
    int millis = (int) Math.max(100, Math.min(timeout.toMillis(), 2_000));
    for (String server : bootstrap.split(",")) {
      String hostPort = server.strip();
      int colon = hostPort.lastIndexOf(':');
      String host = hostPort.substring(0, colon).replace("[", "").replace("]", "");
      int port = Integer.parseInt(hostPort.substring(colon + 1));
      try (Socket socket = new Socket()) {
        socket.connect(new InetSocketAddress(host, port), millis);
        return true;
      } catch (IOException | IllegalArgumentException e) {
        // try the next one
      }
    }
    return false;
  }
}
