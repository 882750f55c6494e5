package dev.lakeops.tools.change;

import static dev.lakeops.tools.change.ChangeFixtures.codes;
import static dev.lakeops.tools.change.ChangeFixtures.only;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.catalog.TableDefinition;
import dev.lakeops.table.commit.PartitionFilter;
import dev.lakeops.table.commit.TableCommitter;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.maintenance.ExpireRetention;
import dev.lakeops.table.maintenance.TableMaintenance;
import dev.lakeops.table.schema.SchemaJson;
import dev.lakeops.table.schema.TableSchema;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.TypeRoot;
import dev.lakeops.table.write.CompactionMode;
import dev.lakeops.table.write.TableWrite;
import dev.lakeops.tools.Finding;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The table hop over tables the engine writes, tags, expires and rolls back here. */
class TableChangeProbeTest {

  @TempDir Path warehouse;
  private Table table;

  @BeforeEach
  void createTable() {
    Catalog catalog = Catalog.local(warehouse);
    catalog.createDatabaseIfNotExists("db");
    table =
        catalog.createTable(
            Identifier.of("db", "orders"),
            TableDefinition.builder()
                .column("id", AtomicType.of(TypeRoot.BIGINT))
                .column("amount", AtomicType.of(TypeRoot.INT))
                .primaryKey("id")
                .option("bucket", "1")
                .option("file.format", "avro")
                .build());
  }

  @Test
  void reportsATagCreatedAndATagDeletedBetweenCaptures() {
    commit("writer", 1, Clock.systemUTC());
    TableMaintenance maintenance = new TableMaintenance(table.io(), table.paths());
    maintenance.createTag("before-fix", 1);
    maintenance.createTag("nightly", 1);
    TableChangeSnapshot first = capture();
    maintenance.deleteTag("nightly");

    List<Finding> findings = findings(capture(), List.of(first));

    assertThat(findings)
        .filteredOn(f -> f.code().equals("change.table.tag"))
        .extracting(f -> f.evidence().get("change"))
        .containsExactlyInAnyOrder(
            "tag before-fix created (snapshot 1)",
            "tag nightly created (snapshot 1)",
            "tag nightly deleted");
  }

  @Test
  void reportsSnapshotExpiryByTheEarliestHintAndBetweenCaptures() {
    for (long id = 1; id <= 3; id++) {
      commit("writer", id, Clock.systemUTC());
    }
    TableChangeSnapshot before = capture();
    new TableMaintenance(table.io(), table.paths())
        .expireSnapshots(new ExpireRetention(1, 1, Duration.ZERO, 10));
    TableChangeSnapshot after = capture();

    Finding byHint = only(findings(after, List.of()), "change.table.expiry");
    Finding between = only(findings(after, List.of(before)), "change.table.expiry");

    assertThat(byHint.evidence())
        .containsEntry("earliestSnapshotId", "3")
        .doesNotContainKey("notBefore");
    assertThat(between.evidence())
        .containsEntry("before", "earliest 1")
        .containsEntry("after", "earliest 3")
        .containsKey("notBefore");
  }

  @Test
  void reportsARollbackAsLatestByItsCommitUser() {
    commit("writer", 1, Clock.systemUTC());
    commit("writer", 2, Clock.systemUTC());
    new TableMaintenance(table.io(), table.paths()).rollbackToAsLatest(1);

    Finding rollback = only(findings(capture(), List.of()), "change.table.rollback");

    assertThat(rollback.evidence())
        .containsEntry("snapshotId", "3")
        .containsEntry("commitUser", "lakeops-rollback");
    assertThat(codes(findings(capture(), List.of()))).doesNotContain("change.table.overwrite");
  }

  @Test
  void reportsADestructiveRollbackByTheLatestHintWrittenLongAfterItsSnapshot() {
    Clock tenMinutesAgo = Clock.offset(Clock.systemUTC(), Duration.ofMinutes(-10));
    commit("writer", 1, tenMinutesAgo);
    commit("writer", 2, tenMinutesAgo);
    TableChangeSnapshot before = capture();
    new TableMaintenance(table.io(), table.paths()).rollbackTo(1);
    TableChangeSnapshot after = capture();

    Finding byHint = only(findings(after, List.of()), "change.table.rollback");
    Finding between = only(findings(after, List.of(before)), "change.table.rollback");

    assertThat(byHint.evidence())
        .containsEntry("change", "rolled back to snapshot 1")
        .doesNotContainKey("notBefore");
    assertThat(between.evidence())
        .containsEntry("before", "snapshot 2")
        .containsEntry("after", "snapshot 1")
        .containsKey("notBefore");
  }

  @Test
  void reportsASchemaVersionWithTheColumnItAdded() {
    TableSchema zero = table.schema();
    List<DataField> fields = new ArrayList<>(zero.fields());
    fields.add(new DataField(zero.highestFieldId() + 1, "note", AtomicType.string()));
    TableSchema one =
        new TableSchema(
            zero.version(),
            1,
            fields,
            zero.highestFieldId() + 1,
            zero.partitionKeys(),
            zero.primaryKeys(),
            zero.options(),
            zero.comment(),
            System.currentTimeMillis());
    table
        .io()
        .createExclusively(
            table.paths().schemaFile(1), SchemaJson.toJson(one).getBytes(StandardCharsets.UTF_8));

    List<Finding> findings = findings(capture(), List.of());

    Finding schema =
        findings.stream()
            .filter(
                f -> f.code().equals("change.table.schema") && f.evidence().containsKey("before"))
            .findFirst()
            .orElseThrow();
    assertThat(schema.evidence())
        .containsEntry("before", "schema 0")
        .containsEntry("after", "schema 1")
        .containsEntry("column note", "(unset) → STRING")
        .containsEntry("at", Instant.ofEpochMilli(one.timeMillis()).toString());
  }

  @Test
  void reportsAnOverwriteAndTheCompactionsInTheWindowAsOne() {
    commit("writer", 1, Clock.systemUTC());
    commit("writer", 2, Clock.systemUTC());
    try (TableWrite write = table.newWrite("backfill")) {
      write.write(Row.of(1L, 100));
      table.newCommit().commitOverwrite(write.prepareCommit(Long.MAX_VALUE), PartitionFilter.all());
    }
    commit("writer", 3, Clock.systemUTC());
    table.compact("compactor", PartitionFilter.all(), CompactionMode.FULL);
    commit("writer", 4, Clock.systemUTC());
    table.compact("compactor", PartitionFilter.all(), CompactionMode.FULL);

    List<Finding> findings = findings(capture(), List.of());

    assertThat(only(findings, "change.table.overwrite").evidence())
        .containsEntry("snapshotId", "3")
        .containsEntry("commitUser", "backfill");
    assertThat(only(findings, "change.table.compaction").evidence())
        .containsEntry("compactions", "2")
        .containsEntry("change", "2 compactions");
    assertThat(codes(findings)).doesNotContain("change.table.rollback");
    assertThat(findings)
        .filteredOn(f -> f.code().equals("change.table.new-commit-user"))
        .extracting(f -> f.evidence().get("after"))
        .as("the batch writer is no streaming commit user")
        .containsExactly("writer");
  }

  private void commit(String user, long identifier, Clock clock) {
    try (TableWrite write = table.newWrite(user)) {
      for (long id = identifier * 10; id < identifier * 10 + 5; id++) {
        write.write(Row.of(id, (int) id));
      }
      TableCommitter committer =
          TableCommitter.builder(table.io(), table.paths(), table.schema()).clock(clock).build();
      committer.commit(write.prepareCommit(identifier));
    }
  }

  private TableChangeSnapshot capture() {
    return new TableChangeProbe(Clock.systemUTC())
        .capture(table.refresh(), "db.orders", Instant.now().minus(Duration.ofHours(1)));
  }

  private static List<Finding> findings(
      TableChangeSnapshot now, List<TableChangeSnapshot> earlier) {
    ChangeWindow window =
        ChangeWindow.beforeAlert(now.capturedAt().plusSeconds(1), Duration.ofMinutes(60));
    return ChangeFindings.of(
        new TableChangeAnalyzer().analyze(now, earlier, window),
        window,
        List.of("table " + now.table()));
  }
}
