package dev.lakeops.table.maintenance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.catalog.TableDefinition;
import dev.lakeops.table.commit.PartitionFilter;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.TypeRoot;
import dev.lakeops.table.write.CompactionMode;
import dev.lakeops.table.write.CompactionReport;
import dev.lakeops.table.write.TableWrite;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The compaction preview picks what the compaction then compacts, and writes nothing. */
class CompactionPreviewTest {

  @TempDir Path dir;

  private Table table(Map<String, String> options) {
    Catalog catalog = Catalog.local(dir);
    catalog.createDatabase("db");
    TableDefinition.Builder b =
        TableDefinition.builder()
            .column("dt", AtomicType.string())
            .column("id", AtomicType.of(TypeRoot.BIGINT))
            .column("v", AtomicType.of(TypeRoot.INT))
            .partitionKeys("dt")
            .primaryKey("dt", "id")
            .option("bucket", "1")
            .option("write-only", "true");
    options.forEach(b::option);
    return catalog.createTable(Identifier.of("db", "t"), b.build());
  }

  private static void commit(Table t, long identifier, String dt, long id) {
    try (TableWrite w = t.newWrite("job")) {
      w.write(Row.of(dt, id, (int) id));
      t.newCommit().commit(w.prepareCommit(identifier));
    }
  }

  @Test
  void aFullCompactionPreviewNamesTheFilesTheCompactionReplaces() {
    Table t = table(Map.of());
    for (int i = 1; i <= 3; i++) {
      commit(t, i, "2024-01-01", i);
    }
    commit(t, 4, "2024-01-02", 1);
    PartitionFilter day1 = PartitionFilter.matching(t.schema(), Map.of("dt", "2024-01-01"));

    CompactionPreview preview = CompactionPreviews.preview(t, day1, CompactionMode.FULL);

    assertThat(t.latestSnapshot().orElseThrow().id()).isEqualTo(4);
    assertThat(preview.snapshotId()).isEqualTo(4);
    assertThat(preview.buckets()).hasSize(1);
    BucketCompactionPreview b = preview.buckets().get(0);
    assertThat(b.partition()).isEqualTo("dt=2024-01-01");
    assertThat(b.inputFiles()).hasSize(3);
    assertThat(b.sortedRunsBefore()).isEqualTo(3);
    assertThat(b.reason()).isEqualTo("FULL");
    assertThat(preview.inputBytes()).isPositive();
    assertThat(preview.estimatedLiveFilesAfter()).isEqualTo(1);

    CompactionReport report = t.compact("compactor", day1, CompactionMode.FULL);

    assertThat(report.filesBefore()).isEqualTo(preview.inputFiles());
    assertThat(t.newScan().withPartitionFilter(day1).plan().fileCount())
        .isEqualTo(preview.estimatedLiveFilesAfter());
    assertThat(CompactionPreviews.preview(t, day1, CompactionMode.FULL).isEmpty()).isTrue();
  }

  @Test
  void aUniversalPreviewPicksOnlyWhereTheTriggerIsReached() {
    Table t = table(Map.of("num-sorted-run.compaction-trigger", "3"));
    commit(t, 1, "2024-01-01", 1);
    commit(t, 2, "2024-01-01", 2);
    assertThat(
            CompactionPreviews.preview(t, PartitionFilter.all(), CompactionMode.UNIVERSAL)
                .isEmpty())
        .isTrue();
    commit(t, 3, "2024-01-01", 3);
    commit(t, 4, "2024-01-01", 4);

    CompactionPreview preview =
        CompactionPreviews.preview(t, PartitionFilter.all(), CompactionMode.UNIVERSAL);

    assertThat(preview.buckets()).hasSize(1);
    CompactionReport report =
        t.compact("compactor", PartitionFilter.all(), CompactionMode.UNIVERSAL);
    assertThat(report.filesBefore()).isEqualTo(preview.inputFiles());
  }

  @Test
  void previewsTheSmallFilesOfAnAppendTableAndRefusesOneWithDeletionVectors() {
    Catalog catalog = Catalog.local(dir);
    catalog.createDatabase("db");
    Table t =
        catalog.createTable(
            Identifier.of("db", "log"),
            TableDefinition.builder().column("id", AtomicType.of(TypeRoot.BIGINT)).build());
    for (long i = 1; i <= 5; i++) {
      try (TableWrite w = t.newWrite("job")) {
        w.write(Row.of(i));
        t.newCommit().commit(w.prepareCommit(i));
      }
    }

    CompactionPreview preview =
        CompactionPreviews.preview(t, PartitionFilter.all(), CompactionMode.UNIVERSAL);

    assertThat(preview.inputFiles()).isEqualTo(5);
    assertThat(preview.buckets().get(0).reason()).isEqualTo("SMALL_FILES");
    assertThat(preview.estimatedLiveFilesAfter()).isEqualTo(1);
    CompactionReport report =
        t.compact("compactor", PartitionFilter.all(), CompactionMode.UNIVERSAL);
    assertThat(report.filesBefore()).isEqualTo(preview.inputFiles());
    assertThat(t.newScan().plan().fileCount()).isEqualTo(preview.estimatedLiveFilesAfter());

    Table dv =
        catalog.createTable(
            Identifier.of("db", "log_dv"),
            TableDefinition.builder()
                .column("id", AtomicType.of(TypeRoot.BIGINT))
                .option("deletion-vectors.enabled", "true")
                .build());
    assertThatThrownBy(
            () -> CompactionPreviews.preview(dv, PartitionFilter.all(), CompactionMode.FULL))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessageContaining("append table log_dv")
        .hasMessageContaining("deletion-vectors.enabled");
  }
}
