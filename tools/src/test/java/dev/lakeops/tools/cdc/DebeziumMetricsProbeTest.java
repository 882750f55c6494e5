package dev.lakeops.tools.cdc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.tools.ProbeException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The probe against a real JMX agent ({@link JmxAgent}: the JDK's RMI connector server, as a Kafka
 * Connect worker started with {@code com.sun.management.jmxremote.port} runs), holding MXBeans
 * named and typed as Debezium's connector metrics are, and against addresses where no agent
 * answers.
 */
class DebeziumMetricsProbeTest {

  /**
   * The streaming metrics' shape: a Map attribute, as Debezium's SourceEventPosition, arrives as
   * open data.
   */
  public interface StreamingMXBean {
    boolean isConnected();

    long getMilliSecondsBehindSource();

    String getBinlogFilename();

    long getBinlogPosition();

    String[] getCapturedTables();

    Map<String, String> getSourceEventPosition();
  }

  public static final class Streaming implements StreamingMXBean {
    @Override
    public boolean isConnected() {
      return true;
    }

    @Override
    public long getMilliSecondsBehindSource() {
      return 850;
    }

    @Override
    public String getBinlogFilename() {
      return "mysql-bin.000003";
    }

    @Override
    public long getBinlogPosition() {
      return 4711;
    }

    @Override
    public String[] getCapturedTables() {
      return new String[] {"shop.orders", "shop.payments"};
    }

    @Override
    public Map<String, String> getSourceEventPosition() {
      Map<String, String> m = new LinkedHashMap<>();
      m.put("pos", "4711");
      m.put("file", "mysql-bin.000003");
      return m;
    }
  }

  public interface OtherMXBean {
    int getCount();
  }

  public static final class Other implements OtherMXBean {
    @Override
    public int getCount() {
      return 1;
    }
  }

  private JmxAgent agent;
  private int port;

  @BeforeEach
  void start() {
    agent =
        JmxAgent.start(
            Map.of(
                "debezium.mariadb:type=connector-metrics,context=streaming,server=shop",
                new Streaming(),
                "kafka.connect:type=connector-metrics,connector=orders-cdc",
                new Other()));
    port = agent.port();
  }

  @AfterEach
  void stop() throws IOException {
    agent.close();
  }

  @Test
  void readsEveryDebeziumMBeanWithAllItsAttributesAsText() {
    DebeziumMetrics m =
        new DebeziumMetricsProbe("127.0.0.1:" + port, Duration.ofSeconds(10), Clock.systemUTC())
            .capture();

    assertThat(m.jmxUrl()).isEqualTo("service:jmx:rmi:///jndi/rmi://127.0.0.1:" + port + "/jmxrmi");
    assertThat(m.groups()).hasSize(1);
    DebeziumMetrics.Group g = m.groups().get(0);
    assertThat(g.plugin()).isEqualTo("mariadb");
    assertThat(g.server()).isEqualTo("shop");
    assertThat(g.context()).isEqualTo("streaming");
    assertThat(g.task()).isNull();
    assertThat(g.attributes())
        .containsEntry("Connected", "true")
        .containsEntry("MilliSecondsBehindSource", "850")
        .containsEntry("BinlogFilename", "mysql-bin.000003")
        .containsEntry("BinlogPosition", "4711")
        .containsEntry("CapturedTables", "shop.orders,shop.payments")
        .containsEntry("SourceEventPosition", "file=mysql-bin.000003,pos=4711");
    assertThat(m.forServer("shop")).containsExactly(g);
    assertThat(m.forServer("billing")).isEmpty();
    assertThat(m.sources()).first().asString().contains(DebeziumMetricsProbe.PATTERN);
  }

  @Test
  void aPortWhereNothingListensIsUnreachableNamingTheAddress() throws IOException {
    int closed;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closed = s.getLocalPort();
    }
    DebeziumMetricsProbe probe =
        new DebeziumMetricsProbe("127.0.0.1:" + closed, Duration.ofSeconds(10), Clock.systemUTC());

    assertThatThrownBy(probe::capture)
        .isInstanceOfSatisfying(
            ProbeException.class,
            e -> {
              assertThat(e.code()).isEqualTo(ProbeException.Code.UNREACHABLE);
              assertThat(e.endpoint()).contains("127.0.0.1:" + closed);
              assertThat(e.getMessage()).contains("No JMX agent answers at");
            });
  }

  @Test
  void aRegistryWithoutThatNameIsUnreachableNamingIt() {
    DebeziumMetricsProbe probe =
        new DebeziumMetricsProbe(
            "service:jmx:rmi:///jndi/rmi://127.0.0.1:" + port + "/other",
            Duration.ofSeconds(10),
            Clock.systemUTC());

    assertThatThrownBy(probe::capture)
        .isInstanceOfSatisfying(
            ProbeException.class,
            e -> {
              assertThat(e.code()).isEqualTo(ProbeException.Code.UNREACHABLE);
              assertThat(e.getMessage()).contains("has no JMX agent named 'other'");
            });
  }

  @Test
  void aServerThatAcceptsAndNeverAnswersTimesOut() throws IOException {
    try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      DebeziumMetricsProbe probe =
          new DebeziumMetricsProbe(
              "127.0.0.1:" + silent.getLocalPort(), Duration.ofMillis(700), Clock.systemUTC());

      assertThatThrownBy(probe::capture)
          .isInstanceOfSatisfying(
              ProbeException.class,
              e -> {
                assertThat(e.code()).isEqualTo(ProbeException.Code.TIMEOUT);
                assertThat(e.getMessage()).contains("did not answer within 700 ms");
              });
    }
  }

  @Test
  void addressesThatAreNeitherHostPortNorAJmxUrlAreRefusedNamingThem() {
    assertThatThrownBy(() -> DebeziumMetricsProbe.parse("http://connect:9999"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'http://connect:9999'")
        .hasMessageContaining("expected HOST:PORT");
    assertThatThrownBy(() -> DebeziumMetricsProbe.parse("connect:99999"))
        .hasMessageContaining("port 99999 is not 1-65535");
    assertThatThrownBy(() -> DebeziumMetricsProbe.parse(" "))
        .hasMessageContaining("expected HOST:PORT");
    assertThatThrownBy(() -> DebeziumMetricsProbe.parse("service:jmx:nonsense"))
        .hasMessageContaining("'service:jmx:nonsense'");
    assertThat(DebeziumMetricsProbe.parse("connect-1.prod:9999").toString())
        .isEqualTo("service:jmx:rmi:///jndi/rmi://connect-1.prod:9999/jmxrmi");
  }
}
