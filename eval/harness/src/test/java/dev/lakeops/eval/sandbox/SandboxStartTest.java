package dev.lakeops.eval.sandbox;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The checks {@link Sandbox#start} makes before it starts any process. */
class SandboxStartTest {

  @TempDir Path dir;

  @Test
  void startFailsClearlyWhenTheFlinkPortIsTaken() throws IOException {
    try (ServerSocket taken = listen()) {
      int[] free = freePorts(2);
      SandboxConfig config =
          SandboxConfig.defaults(dir.resolve("home"), dir.resolve("work"))
              .withPorts(free[0], free[1], taken.getLocalPort());

      assertThatThrownBy(() -> Sandbox.start(config))
          .isInstanceOf(SandboxException.class)
          .hasMessageContaining("Port " + taken.getLocalPort() + " (Flink REST) is already in use");
    }
  }

  @Test
  void startFailsClearlyWhenTheKafkaPortIsTaken() throws IOException {
    try (ServerSocket taken = listen()) {
      int[] free = freePorts(2);
      SandboxConfig config =
          SandboxConfig.defaults(dir.resolve("home"), dir.resolve("work"))
              .withPorts(taken.getLocalPort(), free[0], free[1]);

      assertThatThrownBy(() -> Sandbox.start(config))
          .isInstanceOf(SandboxException.class)
          .hasMessageContaining("Port " + taken.getLocalPort() + " (Kafka) is already in use");
    }
  }

  @Test
  void startFailsClearlyWhenTheBuildOutputIsMissing() throws IOException {
    int[] free = freePorts(3);
    Path home = dir.resolve("home");
    SandboxConfig config =
        SandboxConfig.defaults(home, dir.resolve("work")).withPorts(free[0], free[1], free[2]);

    assertThatThrownBy(() -> Sandbox.start(config))
        .isInstanceOf(SandboxException.class)
        .hasMessageContaining(home.resolve(BuildOutputs.BROKER_CLASSPATH).toString())
        .hasMessageContaining("mvn -DskipTests package");
  }

  private static ServerSocket listen() throws IOException {
    ServerSocket socket = new ServerSocket();
    socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
    return socket;
  }

  private static int[] freePorts(int count) throws IOException {
    ServerSocket[] sockets = new ServerSocket[count];
    int[] ports = new int[count];
    try {
      for (int i = 0; i < count; i++) {
        sockets[i] = listen();
        ports[i] = sockets[i].getLocalPort();
      }
    } finally {
      for (ServerSocket socket : sockets) {
        if (socket != null) {
          socket.close();
        }
      }
    }
    return ports;
  }
}
