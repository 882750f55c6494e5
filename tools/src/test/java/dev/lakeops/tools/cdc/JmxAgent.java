package dev.lakeops.tools.cdc;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.util.Map;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.MBeanServerFactory;
import javax.management.ObjectName;
import javax.management.remote.JMXConnectorServer;
import javax.management.remote.JMXConnectorServerFactory;
import javax.management.remote.JMXServiceURL;

/**
 * A real JMX agent on 127.0.0.1, as a JVM started with {@code com.sun.management.jmxremote.port}
 * runs one: an RMI registry and the JDK's RMI connector server on one free port, over an MBean
 * server of its own holding the given MBeans. Closing it unexports both.
 */
public final class JmxAgent implements AutoCloseable {

  private final int port;
  private final Registry registry;
  private final JMXConnectorServer server;

  private JmxAgent(int port, Registry registry, JMXConnectorServer server) {
    this.port = port;
    this.registry = registry;
    this.server = server;
  }

  /** Starts an agent holding {@code mbeans} (object name to MBean or MXBean). */
  public static JmxAgent start(Map<String, Object> mbeans) {
    try {
      int port;
      try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
        port = free.getLocalPort();
      }
      Registry registry = LocateRegistry.createRegistry(port);
      MBeanServer beans = MBeanServerFactory.newMBeanServer();
      for (Map.Entry<String, Object> e : mbeans.entrySet()) {
        beans.registerMBean(e.getValue(), new ObjectName(e.getKey()));
      }
      JMXConnectorServer server =
          JMXConnectorServerFactory.newJMXConnectorServer(
              new JMXServiceURL(
                  "service:jmx:rmi://127.0.0.1:"
                      + port
                      + "/jndi/rmi://127.0.0.1:"
                      + port
                      + "/jmxrmi"),
              null,
              beans);
      server.start();
      return new JmxAgent(port, registry, server);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (JMException e) {
      throw new IllegalStateException(e);
    }
  }

  /** {@code 127.0.0.1:PORT}, the address the CDC tools take. */
  public String address() {
    return "127.0.0.1:" + port;
  }

  public int port() {
    return port;
  }

  @Override
  public void close() throws IOException {
    server.stop();
    UnicastRemoteObject.unexportObject(registry, true);
  }
}
