package dev.lakeops.cli.kafka;

import dev.lakeops.cli.LakeopsCli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** The kafka commands' answers to bad arguments and to a cluster that is not there. */
class KafkaCommandTest {

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    return LakeopsCli.commandLine().setOut(new PrintWriter(out)).setErr(new PrintWriter(err)).execute(args);
  }

  @Test
  void requiresAClusterOrABootstrapAddress() {
    assertThat(run("kafka", "groups")).isEqualTo(2);
    assertThat(err.toString()).contains("--cluster NAME or --bootstrap HOST:PORT");
  }

  @Test
  void rejectsABootstrapAddressWithoutAPort() {
    assertThat(run("kafka", "lag", "--bootstrap", "kafka-1")).isEqualTo(2);
    assertThat(err.toString()).contains("--bootstrap").contains("'kafka-1'").doesNotContain("Exception");
  }

  @Test
  void namesTheMissingProfile() {
    assertThat(run("kafka", "groups", "--cluster", "nowhere")).isEqualTo(2);
    assertThat(err.toString()).contains("No Kafka cluster named 'nowhere'");
  }

  @Test
  void rejectsAMalformedRange() {
    assertThat(run("kafka", "reconcile", "--bootstrap", "127.0.0.1:1", "--topic", "t", "--range", "0:x", "--sink-count", "1")).isEqualTo(2);
    assertThat(err.toString()).contains("'0:x' is not P:FROM-TO");
  }

  @Test
  void reportsAnUnreachableBrokerNamingItsAddress() {
    assertThat(run("kafka", "groups", "--bootstrap", "127.0.0.1:1", "--timeout", "500ms", "--json")).isEqualTo(1);
    assertThat(out.toString()).contains("\"status\":\"ERROR\"").contains("UNREACHABLE").contains("127.0.0.1:1");
  }
}
