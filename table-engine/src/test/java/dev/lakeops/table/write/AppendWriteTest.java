package dev.lakeops.table.write;

import static dev.lakeops.table.catalog.TestTables.commit;
import static dev.lakeops.table.catalog.TestTables.readAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.catalog.TableDefinition;
import dev.lakeops.table.catalog.TestTables;
import dev.lakeops.table.commit.BucketChange;
import dev.lakeops.table.commit.ChangeSet;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.TypeRoot;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AppendWriteTest {

  @TempDir Path dir;

  @Test
  void bucketUnawareTablesWriteBucketZeroWithTotalBucketsMinusOne() {
    Table table = TestTables.log(TestTables.warehouse(dir), "log", Map.of());
    try (TableWrite write = table.newWrite("u")) {
      write.write(Row.of(1L, "a"));
      write.write(Row.of(1L, "a"));
      ChangeSet changes = write.prepareCommit(1);

      BucketChange change = changes.changes().get(0);
      assertThat(change.bucket()).isZero();
      assertThat(change.totalBuckets()).isEqualTo(-1);
      assertThat(change.newFiles().get(0).rowCount()).isEqualTo(2);
      assertThat(change.newFiles().get(0).minKey().arity()).isZero();
      table.newCommit().commit(changes);
    }

    assertThat(readAll(table)).containsExactly(Row.of(1L, "a"), Row.of(1L, "a"));
  }

  @Test
  void appendsAcrossCommitsWithSequenceNumbersContinuing() {
    Table table = TestTables.log(TestTables.warehouse(dir), "log", Map.of());
    commit(table, 1, List.of(Row.of(1L, "a"), Row.of(2L, "b")));
    commit(table, 2, List.of(Row.of(3L, "c")));

    var files = table.snapshotFiles().liveFiles(table.latestSnapshot().orElseThrow()).files();
    assertThat(files).hasSize(2);
    assertThat(files.get(1).file().minSequenceNumber()).isEqualTo(2);
    assertThat(readAll(table)).containsExactly(Row.of(1L, "a"), Row.of(2L, "b"), Row.of(3L, "c"));
  }

  @Test
  void fixedBucketAppendTablesHashTheBucketKey() {
    Catalog catalog = TestTables.warehouse(dir);
    Table table =
        catalog.createTable(
            Identifier.of("db", "keyed"),
            TableDefinition.builder()
                .column("id", AtomicType.of(TypeRoot.INT))
                .column("v", AtomicType.string())
                .option("bucket", "2")
                .option("bucket-key", "id")
                .option("file.format", "parquet")
                .build());
    try (TableWrite write = table.newWrite("u")) {
      for (int id = 1; id <= 4; id++) {
        write.write(Row.of(id, "v" + id));
      }
      ChangeSet changes = write.prepareCommit(1);
      assertThat(changes.changes())
          .extracting(BucketChange::bucket)
          .containsExactlyInAnyOrder(0, 1);
      assertThat(changes.changes()).allMatch(c -> c.totalBuckets() == 2);
      table.newCommit().commit(changes);
    }

    assertThat(readAll(table)).hasSize(4);
  }

  @Test
  void refusesDeletesOnAppendTables() {
    Table table = TestTables.log(TestTables.warehouse(dir), "log", Map.of());
    try (TableWrite write = table.newWrite("u")) {
      assertThatThrownBy(() -> write.write(Row.ofKind(RowKind.DELETE, 1L, "a")))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("-D");
    }
  }
}
