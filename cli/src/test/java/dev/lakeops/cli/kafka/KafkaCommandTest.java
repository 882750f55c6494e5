package dev.lakeops.cli.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.cli.CliRun;
import org.junit.jupiter.api.Test;

/** The kafka commands' answers to bad arguments and to a cluster that is not there. */
class KafkaCommandTest {

  private final CliRun cli = new CliRun();

  @Test
  void requiresAClusterOrABootstrapAddress() {
    assertThat(cli.run("kafka", "groups")).isEqualTo(2);
    assertThat(cli.err()).contains("--cluster NAME or --bootstrap HOST:PORT");
  }

  @Test
  void rejectsABootstrapAddressWithoutAPort() {
    assertThat(cli.run("kafka", "lag", "--bootstrap", "kafka-1")).isEqualTo(2);
    assertThat(cli.err()).contains("--bootstrap").contains("'kafka-1'").doesNotContain("Exception");
  }

  @Test
  void namesTheMissingProfile() {
    assertThat(cli.run("kafka", "groups", "--cluster", "nowhere")).isEqualTo(2);
    assertThat(cli.err()).contains("No Kafka cluster named 'nowhere'");
  }

  @Test
  void rejectsAMalformedRange() {
    assertThat(
            cli.run(
                "kafka",
                "reconcile",
                "--bootstrap",
                "127.0.0.1:1",
                "--topic",
                "t",
                "--range",
                "0:x",
                "--sink-count",
                "1"))
        .isEqualTo(2);
    assertThat(cli.err()).contains("'0:x' is not P:FROM-TO");
  }

  @Test
  void reportsAnUnreachableBrokerNamingItsAddress() {
    assertThat(
            cli.run(
                "kafka", "groups", "--bootstrap", "127.0.0.1:1", "--timeout", "500ms", "--json"))
        .isEqualTo(1);
    assertThat(cli.out())
        .contains("\"status\":\"ERROR\"")
        .contains("UNREACHABLE")
        .contains("127.0.0.1:1");
  }
}
