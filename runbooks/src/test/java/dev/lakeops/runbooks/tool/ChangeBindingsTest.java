package dev.lakeops.runbooks.tool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.catalog.TableDefinition;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.TypeRoot;
import dev.lakeops.table.write.TableWrite;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.change.ChangeHistory;
import dev.lakeops.tools.change.ChangeSources;
import dev.lakeops.tools.change.ChangeTools;
import dev.lakeops.tools.flink.BackpressureAnalyzer;
import dev.lakeops.tools.flink.FlinkClusters;
import dev.lakeops.tools.flink.FlinkJobProbe;
import dev.lakeops.tools.flink.FlinkTools;
import dev.lakeops.tools.kafka.KafkaClusters;
import dev.lakeops.tools.kafka.KafkaProbeOptions;
import dev.lakeops.tools.table.TableLocator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code changes.recent} bound for alerts: tables confined to the warehouse, the other hops read
 * all the same.
 */
class ChangeBindingsTest {

  @TempDir Path warehouse;
  @TempDir Path elsewhere;

  @Test
  void readsATableInsideTheWarehouse() {
    table(warehouse, "w1");
    ToolRegistry registry = registry(TableLocator.local(warehouse));

    ToolReport report = registry.call("changes.recent", Map.of("table", "db.orders"));

    assertThat(report.status()).isEqualTo(ToolReport.Status.OK);
    assertThat(codes(report))
        .contains("change.table.new-commit-user")
        .doesNotContain("change.unavailable");
  }

  @Test
  void leavesOutATableOutsideTheWarehouseAndReadsTheOtherHops() {
    Path outside = table(elsewhere, "w1").paths().root();
    ToolRegistry registry = registry(TableLocator.local(warehouse));

    ToolReport report =
        registry.call("changes.recent", Map.of("table", outside.toString(), "job", "healthy"));

    assertThat(report.status()).isEqualTo(ToolReport.Status.OK);
    assertThat(report.params())
        .containsEntry("table", outside.toString())
        .containsEntry("job", "healthy");
    Finding refused =
        report.findings().stream()
            .filter(f -> f.code().equals("change.unavailable"))
            .findFirst()
            .orElseThrow();
    assertThat(refused.evidence()).containsEntry("error", "REFUSED");
    assertThat(refused.summary())
        .contains("is outside the warehouse " + warehouse.toAbsolutePath());
    assertThat(codes(report)).doesNotContain("change.table.new-commit-user");
  }

  @Test
  void refusesACallThatNamesOnlyATableOutsideTheWarehouseOrThroughALink() throws Exception {
    Path outside = table(elsewhere, "w1").paths().root();
    Files.createDirectories(warehouse.resolve("db.db"));
    Files.createSymbolicLink(warehouse.resolve("db.db/linked"), outside);
    ToolRegistry registry = registry(TableLocator.local(warehouse));

    ToolReport direct = registry.call("changes.recent", Map.of("table", outside.toString()));
    ToolReport linked = registry.call("changes.recent", Map.of("table", "db.linked"));

    assertThat(direct.status()).isEqualTo(ToolReport.Status.ERROR);
    assertThat(direct.error()).contains("is outside the warehouse");
    assertThat(linked.status()).isEqualTo(ToolReport.Status.ERROR);
    assertThat(linked.error()).contains("'db.linked' is outside the warehouse");
  }

  @Test
  void refusesEveryTableWithoutAWarehouse() {
    ToolRegistry registry = registry(TableLocator.local(null));

    ToolReport report =
        registry.call(
            "changes.recent", Map.of("table", table(elsewhere, "w1").paths().root().toString()));

    assertThat(report.status()).isEqualTo(ToolReport.Status.ERROR);
    assertThat(report.error()).contains("no warehouse is configured (lakeops.tables.warehouse)");
  }

  private static ToolRegistry registry(TableLocator locator) {
    FlinkClusters flink =
        FlinkClusters.single(
            new FlinkTools(
                new FlinkJobProbe(new RecordedChangeRest("no-change")),
                new BackpressureAnalyzer()));
    ChangeTools tools =
        new ChangeTools(
            new ChangeSources(flink, KafkaClusters.of(List.of()), locator),
            KafkaProbeOptions.defaults(),
            ChangeHistory.defaults(),
            Clock.systemUTC());
    return new ToolRegistry().register(ChangeBindings.confined(tools, locator));
  }

  /**
   * {@code db.orders} in {@code root}, written by {@code user}, then by {@code w2} after it
   * (identifiers restarted).
   */
  static Table table(Path root, String user) {
    Catalog catalog = Catalog.local(root);
    catalog.createDatabaseIfNotExists("db");
    Table table =
        catalog.createTable(
            Identifier.of("db", "orders"),
            TableDefinition.builder()
                .column("id", AtomicType.of(TypeRoot.BIGINT))
                .column("amount", AtomicType.of(TypeRoot.INT))
                .primaryKey("id")
                .option("bucket", "1")
                .option("file.format", "avro")
                .build());
    commit(table, user, 1);
    commit(table, user, 2);
    commit(table, "w2", 1);
    return table;
  }

  private static void commit(Table table, String user, long identifier) {
    try (TableWrite write = table.newWrite(user)) {
      write.write(Row.of(identifier, (int) identifier));
      table.newCommit().commit(write.prepareCommit(identifier));
    }
  }

  private static List<String> codes(ToolReport report) {
    return report.findings().stream().map(Finding::code).toList();
  }
}
