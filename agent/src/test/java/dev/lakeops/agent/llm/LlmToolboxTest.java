package dev.lakeops.agent.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lakeops.runbooks.route.AlertExamples;
import dev.lakeops.runbooks.setup.TriageTools;
import dev.lakeops.runbooks.tool.ToolCatalog;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.binlog.BinlogTools;
import dev.lakeops.tools.kafka.KafkaCluster;
import dev.lakeops.tools.kafka.KafkaClusters;
import dev.lakeops.tools.kafka.KafkaProbeOptions;
import dev.lakeops.tools.kafka.KafkaTools;
import dev.lakeops.tools.kafka.LagHistory;
import dev.lakeops.tools.kafka.LagRules;
import dev.lakeops.tools.spec.ToolFunction;
import dev.lakeops.tools.table.TableLocator;
import dev.lakeops.tools.table.TableTools;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The model's tools come from the declarations: the planner's tools under derived names, typed
 * schemas, checked arguments.
 */
class LlmToolboxTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;
  private final ExecutorService threads = LlmFixtures.threads();
  private final KafkaTools kafka =
      new KafkaTools(
          KafkaClusters.of(List.of(new KafkaCluster("prod", "127.0.0.1:1", Map.of()))),
          KafkaProbeOptions.defaults().withTimeout(Duration.ofMillis(300)),
          LagRules.defaults(),
          LagHistory.defaults(),
          Clock.systemUTC());

  @AfterEach
  void stop() {
    threads.shutdownNow();
  }

  private LlmToolbox.Builder everything() {
    return LlmToolbox.builder(new InMemoryProposals(), threads)
        .add(LlmFixtures.unreachableFlink())
        .add(kafka)
        .addInWarehouse(new TableTools(TableLocator.local(dir)), TableLocator.local(dir))
        .addConfined(new BinlogTools(), dir);
  }

  @Test
  void theModelHasEveryToolOfThePlannerUnderTheNameDerivedFromItsDeclaredName() {
    TriageTools triage =
        TriageTools.forAgent(
            Map.of(
                "lakeops.flink.rest-url", "http://127.0.0.1:9",
                "lakeops.kafka.clusters.prod.bootstrap-servers", "127.0.0.1:1",
                "lakeops.tables.warehouse", dir.toString(),
                "lakeops.binlog.dir", dir.toString(),
                "lakeops.binlog.servers.primary.jdbc-url", "jdbc:mariadb://127.0.0.1:9/",
                "lakeops.binlog.servers.primary.user", "lakeops",
                "lakeops.connect.workers.cdc.url", "http://127.0.0.1:9",
                "lakeops.alerts.similarity.model", "none"),
            Clock.systemUTC(),
            null);
    List<String> names =
        TriageToolboxes.of(
                triage,
                triage.planner(Clock.systemUTC(), AlertExamples.NONE),
                new InMemoryProposals(),
                threads,
                Clock.systemUTC())
            .build()
            .toolNames();

    assertThat(ToolSchemas.modelName("kafka.lag")).isEqualTo("kafka_lag");
    assertThat(ToolSchemas.modelName("flink.source-lag")).isEqualTo("flink_source_lag");
    List<String> expected =
        new ArrayList<>(
            ToolCatalog.lakeops().names().stream().map(ToolSchemas::modelName).toList());
    // The model gets the binlog tools beyond the runbooks' verify, and the runbooks themselves.
    expected.addAll(
        List.of(
            "binlog_plan",
            "binlog_events",
            "binlog_classify_error",
            "runbooks_list",
            "runbooks_run",
            "propose_action"));
    assertThat(names).containsExactlyInAnyOrderElementsOf(expected).endsWith("propose_action");
    assertThat(names).contains("changes_recent", "binlog_server_status", "cdc_connect_status");
  }

  @Test
  void aToolWhoseKeyIsNotSetIsNotOfferedToTheModel() {
    TriageTools triage =
        TriageTools.forAgent(
            Map.of(
                "lakeops.flink.rest-url",
                "http://127.0.0.1:9",
                "lakeops.alerts.similarity.model",
                "none"),
            Clock.systemUTC(),
            null);
    List<String> names =
        TriageToolboxes.of(
                triage,
                triage.planner(Clock.systemUTC(), AlertExamples.NONE),
                new InMemoryProposals(),
                threads,
                Clock.systemUTC())
            .build()
            .toolNames();

    assertThat(names)
        .contains("changes_recent", "kafka_lag", "flink_jobs")
        .noneMatch(n -> n.startsWith("binlog_") || n.startsWith("table_"));
  }

  @Test
  void aToolsSchemaIsItsDeclaration() throws Exception {
    ToolSpecification lag =
        ToolSchemas.specification(dev.lakeops.tools.kafka.KafkaToolSpecs.LAG, "", "");
    JsonNode schema =
        JSON.readTree(
            JSON.writeValueAsString(
                Map.of(
                    "p",
                    lag.parameters().properties().keySet(),
                    "required",
                    lag.parameters().required())));

    assertThat(lag.name()).isEqualTo("kafka_lag");
    assertThat(schema.path("p").toString())
        .isEqualTo("[\"cluster\",\"group\",\"samples\",\"interval\"]");
    assertThat(schema.path("required").toString()).isEqualTo("[\"cluster\"]");
    assertThat(lag.parameters().properties().get("samples").getClass().getSimpleName())
        .isEqualTo("JsonIntegerSchema");
    assertThat(lag.description()).contains("Finding codes: kafka.lag.ok, kafka.lag.no-trend");
    assertThat(
            ToolSchemas.specification(dev.lakeops.tools.binlog.BinlogToolSpecs.PLAN, "", "")
                .parameters()
                .properties()
                .get("paths")
                .getClass()
                .getSimpleName())
        .isEqualTo("JsonArraySchema");
  }

  @Test
  void aSecondClusterGetsSuffixedNamesAndADuplicateNameIsRefused() {
    LlmToolbox toolbox =
        everything().add(LlmFixtures.unreachableFlink(), "_eu", "[Flink cluster eu] ").build();

    assertThat(toolbox.toolNames()).contains("flink_jobs", "flink_jobs_eu", "flink_health_eu");
    assertThatThrownBy(() -> everything().add(LlmFixtures.unreachableFlink()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Duplicate tool name for the model: flink_backpressure");
  }

  @Test
  void argumentsThatDoNotFitTheDeclarationAreAnsweredWithoutRunningTheTool() throws Exception {
    ToolFunction<ToolReport> lag = kafka.functions().get(0);
    DeclaredToolExecutor executor = new DeclaredToolExecutor("kafka_lag", lag);

    String bad =
        executor.execute(
            call("{\"cluster\":\"prod\",\"samples\":\"lots\",\"colour\":\"red\"}"), "m");
    String unknownCluster = executor.execute(call("{\"cluster\":\"staging\",\"samples\":1}"), "m");

    assertThat(bad)
        .startsWith(
            "REFUSED: tool kafka.lag: parameter samples must be a whole number from 1 to 20, was"
                + " 'lots'")
        .contains("unknown parameter 'colour' (it takes cluster, group, samples, interval)")
        .endsWith("call kafka_lag again with valid arguments");
    assertThat(GuardedToolExecutor.outcome(bad)).isEqualTo(LlmMetrics.ToolOutcome.REFUSED);
    assertThat(JSON.readTree(unknownCluster).path("status").asText()).isEqualTo("NO_DATA");
    assertThat(executor.execute(call("[1]"), "m")).isEqualTo(ToolArguments.NOT_AN_OBJECT);
  }

  private static ToolExecutionRequest call(String arguments) {
    return ToolExecutionRequest.builder().id("1").name("kafka_lag").arguments(arguments).build();
  }
}
