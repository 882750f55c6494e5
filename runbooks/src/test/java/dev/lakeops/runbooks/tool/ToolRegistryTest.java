package dev.lakeops.runbooks.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.runbooks.setup.TriageTools;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.kafka.KafkaCluster;
import dev.lakeops.tools.kafka.KafkaClusters;
import dev.lakeops.tools.kafka.KafkaProbeOptions;
import dev.lakeops.tools.kafka.KafkaTools;
import dev.lakeops.tools.kafka.LagHistory;
import dev.lakeops.tools.kafka.LagRules;
import dev.lakeops.tools.spec.FindingCodes;
import dev.lakeops.tools.spec.ParamType;
import dev.lakeops.tools.spec.ToolParam;
import dev.lakeops.tools.spec.ToolSpec;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ToolRegistryTest {

  private final ToolRegistry registry =
      new ToolRegistry()
          .register(
              new ToolBinding(
                  spec(
                      "t.echo",
                      ToolParam.required("a", ParamType.STRING, "A"),
                      ToolParam.optional("b", ParamType.INTEGER, "B")),
                  args ->
                      new ToolReport(
                          ToolReport.Status.OK, "t.echo", args.given(), List.of(), null)))
          .register(
              new ToolBinding(
                  spec("t.broken"),
                  args -> {
                    throw new IllegalStateException("secret=hunter2");
                  }));

  private static ToolSpec spec(String name, ToolParam... params) {
    return new ToolSpec(name, "A test tool.", List.of(params), FindingCodes.none());
  }

  @Test
  void callsABindingWithItsArguments() {
    assertThat(registry.call("t.echo", Map.of("a", "1", "b", "2")).params())
        .containsEntry("a", "1")
        .containsEntry("b", "2");
  }

  @Test
  void answersBadCallsWithAnErrorReportNamingTheProblem() {
    assertThat(registry.call("t.nope", Map.of()).error())
        .contains("tool t.nope is not available")
        .contains("t.echo");
    assertThat(registry.call("t.echo", Map.of("b", "2")).error())
        .isEqualTo("tool t.echo: missing parameter(s) a");
    assertThat(registry.call("t.echo", Map.of("a", "1", "c", "3")).error())
        .isEqualTo("tool t.echo: unknown parameter 'c' (it takes a, b)");
    assertThat(registry.call("t.echo", Map.of("a", "1", "b", "two")).error())
        .isEqualTo("tool t.echo: parameter b must be a whole number, was 'two'");
  }

  @Test
  void turnsAThrowingBindingIntoASanitizedErrorReport() {
    ToolReport r = registry.call("t.broken", Map.of());

    assertThat(r.status()).isEqualTo(ToolReport.Status.ERROR);
    assertThat(r.error()).contains("IllegalStateException").doesNotContain("hunter2");
  }

  @Test
  void refusesTheSameNameTwice() {
    assertThatThrownBy(() -> registry.register(new ToolBinding(spec("t.echo"), a -> null)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("t.echo is registered twice");
  }

  @Test
  void kafkaBindingsNameAnUnknownProfileAndABadNumberWithoutCallingABroker() {
    KafkaClusters clusters =
        KafkaClusters.of(List.of(new KafkaCluster("prod", "127.0.0.1:9", Map.of())));
    KafkaTools kafka =
        new KafkaTools(
            clusters,
            KafkaProbeOptions.defaults(),
            LagRules.defaults(),
            LagHistory.defaults(),
            Clock.systemUTC());
    ToolRegistry tools = new ToolRegistry().registerAll(KafkaBindings.of(kafka, clusters));

    ToolReport unknown = tools.call("kafka.lag", Map.of("cluster", "staging", "group", "g"));
    ToolReport badSamples =
        tools.call("kafka.lag", Map.of("cluster", "prod", "group", "g", "samples", "many"));

    assertThat(unknown.status()).isEqualTo(ToolReport.Status.NO_DATA);
    assertThat(unknown.error()).contains("No Kafka cluster named 'staging'").contains("prod");
    assertThat(badSamples.status()).isEqualTo(ToolReport.Status.ERROR);
    assertThat(badSamples.error())
        .isEqualTo(
            "tool kafka.lag: parameter samples must be a whole number from 1 to 20, was 'many'");
  }

  @Test
  void theTriageToolsOfAFullyConfiguredLakeopsAreExactlyTheCatalog() {
    List<String> bound =
        TriageTools.forCommandLine(
                java.util.Map.of(
                    "lakeops.flink.rest-url", "http://127.0.0.1:9",
                    "lakeops.binlog.servers.primary.jdbc-url", "jdbc:mariadb://127.0.0.1:9/",
                    "lakeops.binlog.servers.primary.user", "lakeops",
                    "lakeops.connect.workers.cdc.url", "http://127.0.0.1:9"),
                Clock.systemUTC())
            .registry()
            .names();

    assertThat(bound).containsExactlyInAnyOrderElementsOf(ToolCatalog.lakeops().names());
  }

  @Test
  void readsOnlyBinlogFilesInsideTheConfinedDirectory(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
    java.nio.file.Path inside =
        java.nio.file.Files.copy(
            java.nio.file.Path.of("../tools/src/test/resources/binlog/mariadb-10.11-crc32.000002"),
            dir.resolve("mysql-bin.000002"));
    java.nio.file.Path outside = java.nio.file.Files.createTempFile("secret", ".txt");
    java.nio.file.Files.createSymbolicLink(dir.resolve("link.000003"), outside);
    ToolRegistry tools =
        new ToolRegistry()
            .registerAll(
                BinlogBindings.confinedTo(new dev.lakeops.tools.binlog.BinlogTools(), dir));

    try {
      assertThat(tools.call("binlog.verify", Map.of("path", "mysql-bin.000002")).status())
          .isEqualTo(ToolReport.Status.OK);
      assertThat(tools.call("binlog.verify", Map.of("path", inside.toString())).status())
          .isEqualTo(ToolReport.Status.OK);
      for (String escape :
          List.of("../secret.txt", outside.toString(), "link.000003", "/etc/passwd")) {
        ToolReport r = tools.call("binlog.verify", Map.of("path", escape));
        assertThat(r.status()).as(escape).isEqualTo(ToolReport.Status.ERROR);
        assertThat(r.error()).as(escape).contains("is outside the binlog directory");
      }
    } finally {
      java.nio.file.Files.deleteIfExists(outside);
    }
  }
}
