package dev.lakeops.eval.sandbox;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

/** Checks that a sandbox port is free before a server tries, and fails, to bind it. */
final class LocalPorts {

  private LocalPorts() {}

  /**
   * Binds and releases {@code port} on 127.0.0.1.
   *
   * @throws SandboxException the port is in use; the message names the port and its role
   */
  static void requireFree(int port, String role) {
    try (ServerSocket socket = new ServerSocket()) {
      // Same as the servers: a port left in TIME_WAIT by a stopped sandbox is reusable.
      socket.setReuseAddress(true);
      socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
    } catch (IOException e) {
      throw new SandboxException(
          "Port "
              + port
              + " ("
              + role
              + ") is already in use on 127.0.0.1: stop what is using it "
              + "(another sandbox?) or choose other ports");
    }
  }

  /**
   * A port free on 127.0.0.1 now, for a server whose port nobody types (a JMX agent).
   *
   * @throws SandboxException no port could be bound
   */
  static int anyFree() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new SandboxException("No free port on 127.0.0.1: " + e.getMessage());
    }
  }
}
