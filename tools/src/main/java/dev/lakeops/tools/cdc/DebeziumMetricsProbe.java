package dev.lakeops.tools.cdc;

import dev.lakeops.tools.ProbeException;
import java.io.IOException;
import java.lang.reflect.Array;
import java.net.MalformedURLException;
import java.rmi.NotBoundException;
import java.rmi.registry.LocateRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.management.Attribute;
import javax.management.JMException;
import javax.management.MBeanAttributeInfo;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;
import javax.management.openmbean.TabularData;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import javax.management.remote.rmi.RMIConnector;
import javax.management.remote.rmi.RMIServer;

/**
 * Reads the Debezium connector metrics a Kafka Connect worker registers in its JVM, over JMX remote
 * (the JDK's RMI connector: the worker runs with {@code -Dcom.sun.management.jmxremote.port} or
 * {@code KAFKA_JMX_OPTS}), read-only. Every attribute of every MBean matching {@code
 * debezium.*:type=connector-metrics,*} is read, so connectors and Debezium versions with other
 * attributes are read as they are.
 *
 * <p>The JDK's own JMX client is used: the worker side is the JDK's agent, and a Prometheus
 * exporter in front of it, where a team has one, renames the metrics by its own rules.
 */
public final class DebeziumMetricsProbe {

  static final String PATTERN = "debezium.*:type=connector-metrics,*";
  // a host name or a bracketed IPv6 address, then a port
  private static final String HOST_AND_PORT = "([A-Za-z0-9_.\\-]+|\\[[0-9a-fA-F:]+\\]):(\\d{1,5})";
  private static final Pattern HOST_PORT = Pattern.compile(HOST_AND_PORT);
  private static final int MAX_VALUE_CHARS = 500;
  private static final Pattern REGISTRY =
      Pattern.compile("/jndi/rmi://" + HOST_AND_PORT + "/([^/]+)");

  private final JMXServiceURL url;
  private final Duration timeout;
  private final Clock clock;

  /**
   * @param jmxUrl {@code service:jmx:rmi:///jndi/rmi://HOST:PORT/jmxrmi}, or {@code HOST:PORT} for
   *     that
   * @throws IllegalArgumentException the text is neither; the message names it
   */
  public DebeziumMetricsProbe(String jmxUrl, Duration timeout, Clock clock) {
    this.url = parse(jmxUrl);
    this.timeout = timeout;
    this.clock = clock;
  }

  /**
   * @throws IllegalArgumentException the text is neither a JMX service URL nor {@code HOST:PORT}
   */
  public static JMXServiceURL parse(String jmxUrl) {
    String text = jmxUrl == null ? "" : jmxUrl.strip();
    Matcher hostPort = HOST_PORT.matcher(text);
    if (hostPort.matches()) {
      int port = Integer.parseInt(hostPort.group(2));
      if (port < 1 || port > 65535) {
        throw new IllegalArgumentException(
            "Invalid JMX address '" + jmxUrl + "': port " + port + " is not 1-65535");
      }
      text = "service:jmx:rmi:///jndi/rmi://" + text + "/jmxrmi";
    } else if (!text.startsWith("service:jmx:")) {
      throw new IllegalArgumentException(
          "Invalid JMX address '"
              + jmxUrl
              + "': expected HOST:PORT or service:jmx:rmi:///jndi/rmi://HOST:PORT/jmxrmi");
    }
    try {
      return new JMXServiceURL(text);
    } catch (MalformedURLException e) {
      throw new IllegalArgumentException(
          "Invalid JMX address '" + jmxUrl + "': " + e.getMessage(), e);
    }
  }

  public String url() {
    return url.toString();
  }

  /**
   * Connects, reads every Debezium MBean, disconnects.
   *
   * @throws ProbeException UNREACHABLE: nothing answers at the address, or it is not a JMX agent;
   *     UNAUTHORIZED: it wants credentials; TIMEOUT: no answer within the timeout; each names the
   *     URL
   */
  public DebeziumMetrics capture() {
    // JMXConnectorFactory.connect has no timeout of its own (an RMI registry that accepts and
    // never answers holds it for minutes): the connection is made on a thread that is given up on.
    ExecutorService thread =
        Executors.newSingleThreadExecutor(
            r -> {
              Thread t = new Thread(r, "lakeops-jmx " + url);
              t.setDaemon(true);
              return t;
            });
    Future<DebeziumMetrics> read = thread.submit(this::read);
    try {
      return read.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      read.cancel(true);
      throw new ProbeException(
          ProbeException.Code.TIMEOUT,
          url(),
          "JMX at " + url() + " did not answer within " + timeout.toMillis() + " ms");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ProbeException(
          ProbeException.Code.TIMEOUT, url(), "Interrupted reading JMX at " + url());
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof ProbeException p) {
        throw p;
      }
      throw new ProbeException(
          ProbeException.Code.BAD_RESPONSE, url(), "JMX at " + url() + " failed: " + cause, cause);
    } finally {
      thread.shutdownNow();
    }
  }

  private DebeziumMetrics read() {
    List<String> sources = new ArrayList<>();
    sources.add("jmx " + url() + " queryNames " + PATTERN);
    try (JMXConnector connector = connect()) {
      MBeanServerConnection mbeans = connector.getMBeanServerConnection();
      List<ObjectName> names = new ArrayList<>(mbeans.queryNames(new ObjectName(PATTERN), null));
      names.sort(Comparator.comparing(ObjectName::getCanonicalName));
      List<DebeziumMetrics.Group> groups = new ArrayList<>();
      for (ObjectName name : names) {
        String server = name.getKeyProperty("server");
        String context = name.getKeyProperty("context");
        if (server == null || context == null) {
          continue;
        }
        sources.add("jmx getAttributes " + name);
        groups.add(
            new DebeziumMetrics.Group(
                name.getCanonicalName(),
                name.getDomain().substring("debezium.".length()),
                unquote(server),
                unquote(context),
                name.getKeyProperty("task") == null ? null : unquote(name.getKeyProperty("task")),
                attributes(mbeans, name)));
      }
      return new DebeziumMetrics(url(), groups, sources, clock.instant());
    } catch (SecurityException e) {
      throw new ProbeException(
          ProbeException.Code.UNAUTHORIZED,
          url(),
          "JMX at " + url() + " refused the connection: " + e.getMessage(),
          e);
    } catch (IOException e) {
      throw new ProbeException(
          ProbeException.Code.UNREACHABLE,
          url(),
          "No JMX agent answers at " + url() + ": " + rootMessage(e),
          e);
    } catch (JMException e) {
      throw new ProbeException(
          ProbeException.Code.BAD_RESPONSE,
          url(),
          "JMX at " + url() + " answered the query with an error: " + e.getMessage(),
          e);
    }
  }

  /**
   * The usual address, {@code /jndi/rmi://HOST:PORT/NAME}, is looked up in the RMI registry
   * directly rather than through JNDI, which some runtimes (Quarkus) turn off; other addresses go
   * to the JDK's connector factory.
   */
  private JMXConnector connect() throws IOException {
    Matcher m = REGISTRY.matcher(url.getURLPath());
    if (!url.getProtocol().equals("rmi") || !m.matches()) {
      return JMXConnectorFactory.connect(url, Map.of());
    }
    String host =
        m.group(1).startsWith("[") ? m.group(1).substring(1, m.group(1).length() - 1) : m.group(1);
    Object stub;
    try {
      stub = LocateRegistry.getRegistry(host, Integer.parseInt(m.group(2))).lookup(m.group(3));
    } catch (NotBoundException e) {
      throw new ProbeException(
          ProbeException.Code.UNREACHABLE,
          url(),
          "The RMI registry at "
              + m.group(1)
              + ":"
              + m.group(2)
              + " has no JMX agent named '"
              + m.group(3)
              + "'",
          e);
    }
    if (!(stub instanceof RMIServer server)) {
      throw new ProbeException(
          ProbeException.Code.BAD_RESPONSE,
          url(),
          "'"
              + m.group(3)
              + "' in the RMI registry at "
              + m.group(1)
              + ":"
              + m.group(2)
              + " is no JMX agent but "
              + stub.getClass().getName());
    }
    JMXConnector connector = new RMIConnector(server, null);
    connector.connect(Map.of());
    return connector;
  }

  private static Map<String, String> attributes(MBeanServerConnection mbeans, ObjectName name)
      throws JMException, IOException {
    List<String> readable = new ArrayList<>();
    for (MBeanAttributeInfo a : mbeans.getMBeanInfo(name).getAttributes()) {
      if (a.isReadable()) {
        readable.add(a.getName());
      }
    }
    Map<String, String> out = new LinkedHashMap<>();
    // getAttributes leaves out an attribute whose getter throws, instead of failing the call
    for (Attribute a : mbeans.getAttributes(name, readable.toArray(String[]::new)).asList()) {
      out.put(a.getName(), text(a.getValue()));
    }
    return out;
  }

  static String text(Object value) {
    String s;
    if (value == null) {
      s = "";
    } else if (value.getClass().isArray()) {
      List<String> items = new ArrayList<>();
      for (int i = 0; i < Array.getLength(value); i++) {
        items.add(text(Array.get(value, i)));
      }
      s = String.join(",", items);
    } else if (value instanceof TabularData table) {
      // a Map<String, X> attribute arrives as open data: rows of {key, value} (TabularData is a Map
      // too, of rows by index, so it is read first)
      List<String> items = new ArrayList<>();
      for (Object row : table.values()) {
        CompositeData c = (CompositeData) row;
        items.add(
            (c.containsKey("key") ? text(c.get("key")) : "?")
                + "="
                + (c.containsKey("value") ? text(c.get("value")) : "?"));
      }
      items.sort(null);
      s = String.join(",", items);
    } else if (value instanceof CompositeData c) {
      List<String> items = new ArrayList<>();
      for (String key : c.getCompositeType().keySet()) {
        items.add(key + "=" + text(c.get(key)));
      }
      s = String.join(",", items);
    } else if (value instanceof Map<?, ?> map) {
      List<String> items = new ArrayList<>();
      map.forEach((k, v) -> items.add(k + "=" + text(v)));
      s = String.join(",", items);
    } else {
      s = value.toString();
    }
    return s.length() > MAX_VALUE_CHARS ? s.substring(0, MAX_VALUE_CHARS) + "…" : s;
  }

  private static String unquote(String value) {
    return value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")
        ? ObjectName.unquote(value)
        : value;
  }

  private static String rootMessage(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    return t.getClass().getSimpleName() + (t.getMessage() == null ? "" : ": " + t.getMessage());
  }
}
