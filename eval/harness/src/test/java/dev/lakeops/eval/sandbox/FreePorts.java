package dev.lakeops.eval.sandbox;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

/**
 * Loopback ports for the servers a test starts, chosen by the kernel.
 *
 * <p>A fixed port inside the ephemeral range (32768–60999 on Linux) can be taken at any moment as
 * the local end of an outgoing connection (a Maven download, a JDBC client), so the tests ask for
 * free ports instead of naming them.
 */
public final class FreePorts {

  private FreePorts() {}

  /** {@code count} distinct ports that were free on 127.0.0.1 a moment ago. */
  public static int[] take(int count) {
    ServerSocket[] sockets = new ServerSocket[count];
    int[] ports = new int[count];
    try {
      // All bound at once, so the kernel cannot hand out the same port twice.
      for (int i = 0; i < count; i++) {
        sockets[i] = new ServerSocket();
        sockets[i].setReuseAddress(true);
        sockets[i].bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        ports[i] = sockets[i].getLocalPort();
      }
      return ports;
    } catch (IOException e) {
      throw new UncheckedIOException("no free loopback port", e);
    } finally {
      for (ServerSocket socket : sockets) {
        if (socket != null) {
          try {
            socket.close();
          } catch (IOException ignored) {
            // closing a listening socket that never accepted cannot lose anything
          }
        }
      }
    }
  }
}
