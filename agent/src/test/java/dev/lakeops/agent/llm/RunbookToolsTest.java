package dev.lakeops.agent.llm;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lakeops.runbooks.plan.DeterministicPlanner;
import dev.lakeops.runbooks.tool.TableBindings;
import dev.lakeops.runbooks.tool.ToolRegistry;
import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.catalog.TableDefinition;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.TypeRoot;
import dev.lakeops.table.write.TableWrite;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.spec.ToolFunction;
import dev.lakeops.tools.table.TableLocator;
import dev.lakeops.tools.table.TableTools;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The runbooks and the warehouse tables as the model's read-only tools, over a real table. */
class RunbookToolsTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;
  Path warehouse;
  RunbookTools tools;

  @BeforeEach
  void setUp() {
    warehouse = dir.resolve("wh");
    Catalog catalog = Catalog.local(warehouse);
    catalog.createDatabaseIfNotExists("lake");
    Table table =
        catalog.createTable(
            Identifier.of("lake", "orders"),
            TableDefinition.builder()
                .column("id", AtomicType.of(TypeRoot.INT))
                .column("name", AtomicType.string())
                .primaryKey("id")
                .option("bucket", "1")
                .option("file.format", "avro")
                .build());
    for (int i = 1; i <= 6; i++) {
      try (TableWrite write = table.newWrite("writer")) {
        write.write(Row.of(i, "row" + i));
        table.newCommit().commit(write.prepareCommit(i));
      }
    }
    TableLocator locator = TableLocator.local(warehouse);
    ToolRegistry registry =
        new ToolRegistry().registerAll(TableBindings.inWarehouse(new TableTools(locator), locator));
    tools = new RunbookTools(DeterministicPlanner.shipped(registry, Clock.systemUTC()));
  }

  @Test
  void listsEveryRunbookWithWhatItReads() throws Exception {
    JsonNode list = JSON.readTree(tools.listRunbooks());

    assertThat(list).hasSizeGreaterThanOrEqualTo(12);
    JsonNode smallFiles = null;
    for (JsonNode r : list) {
      if (r.path("id").asText().equals("table-small-files")) {
        smallFiles = r;
      }
    }
    assertThat(smallFiles).isNotNull();
    assertThat(smallFiles.path("inputs").path("table").asText())
        .contains("table")
        .contains("(required)");
    assertThat(smallFiles.path("tools").toString()).contains("table.compaction_backlog");
  }

  @Test
  void runsARunbooksProbesAndReturnsItsVerdictAndFindings() throws Exception {
    JsonNode run = JSON.readTree(tools.runRunbook("table-small-files", "table=lake.orders"));

    assertThat(run.path("runbook").asText()).isEqualTo("table-small-files");
    assertThat(run.path("verdict").path("category").asText()).isNotBlank();
    assertThat(run.path("findings").toString()).contains("table.compaction_backlog");
    // Six level-0 files in one bucket: at least one finding names that bucket's backlog.
    assertThat(run.path("findings"))
        .anySatisfy(f -> assertThat(f.path("code").asText()).startsWith("table."));
  }

  @Test
  void anUnknownRunbookOrMalformedLabelsGiveAShortError() {
    assertThat(tools.runRunbook("no-such-runbook", ""))
        .startsWith("ERROR: no runbook 'no-such-runbook'")
        .contains("flink-backpressure");
    assertThat(tools.runRunbook("table-small-files", "table lake.orders"))
        .isEqualTo("ERROR: label 'table lake.orders' is not name=value");
    assertThat(tools.runRunbook(null, null)).startsWith("ERROR: no runbook");
  }

  @Test
  void tableToolsReadOnlyTablesOfTheWarehouse() throws Exception {
    ToolFunction<ToolReport> snapshots =
        new TableTools(TableLocator.local(warehouse))
            .functions().stream()
                .filter(f -> f.name().equals(TableTools.SNAPSHOTS))
                .findFirst()
                .orElseThrow();
    WarehouseTables guarded =
        new WarehouseTables(
            new DeclaredToolExecutor("table_snapshots", snapshots), TableLocator.local(warehouse));

    String ok = guarded.execute(call("{\"table\":\"lake.orders\"}"), "t");
    String path =
        guarded.execute(call("{\"table\":\"" + warehouse.resolve("lake.db/orders") + "\"}"), "t");
    String traversal = guarded.execute(call("{\"table\":\"../etc.passwd\"}"), "t");
    Path outside = Files.createDirectories(dir.resolve("elsewhere/orders"));
    Files.createDirectories(warehouse.resolve("evil.db"));
    Files.createSymbolicLink(warehouse.resolve("evil.db/orders"), outside);
    String link = guarded.execute(call("{\"table\":\"evil.orders\"}"), "t");

    assertThat(ok).contains("\"status\":\"OK\"").doesNotContain("REFUSED");
    assertThat(path).startsWith("REFUSED: table '").contains("is not a database.table name");
    assertThat(traversal).startsWith("REFUSED:");
    assertThat(link).startsWith("REFUSED: table 'evil.orders' leads outside the warehouse");
    assertThat(guarded.execute(call("not json"), "t"))
        .isEqualTo("REFUSED: the arguments are not a JSON object");
  }

  private static ToolExecutionRequest call(String arguments) {
    return ToolExecutionRequest.builder()
        .id("1")
        .name("table_snapshots")
        .arguments(arguments)
        .build();
  }
}
