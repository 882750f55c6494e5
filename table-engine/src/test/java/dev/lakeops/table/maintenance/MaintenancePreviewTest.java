package dev.lakeops.table.maintenance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.meta.Consumer;
import dev.lakeops.table.meta.ConsumerJson;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each preview names exactly what the operation then removes, and changes nothing itself. */
class MaintenancePreviewTest {

  @TempDir Path dir;

  private static List<String> listing(Path root) throws Exception {
    try (var files = Files.walk(root)) {
      return files
          .filter(Files::isRegularFile)
          .map(p -> root.relativize(p).toString())
          .sorted()
          .toList();
    }
  }

  @Test
  void rollbackPreviewNamesTheSnapshotsTagsConsumersAndFilesTheRollbackRemoves() throws Exception {
    TableHistory h = new TableHistory(dir);
    TableMaintenance maintenance = new TableMaintenance(h.table.io, h.table.paths, h.clock);
    maintenance.createTag("early", 2);
    maintenance.createTag("late", 5);
    h.table.io.writeAtomically(
        h.table.paths.consumerFile("reader"),
        ConsumerJson.toJson(new Consumer(6)).getBytes(StandardCharsets.UTF_8));
    h.table.io.writeAtomically(
        h.table.paths.consumerFile("slow"),
        ConsumerJson.toJson(new Consumer(2)).getBytes(StandardCharsets.UTF_8));
    List<String> before = listing(h.table.paths.root());

    RollbackPreview preview = maintenance.previewRollbackTo(3);

    assertThat(listing(h.table.paths.root())).isEqualTo(before);
    assertThat(preview.latestSnapshotId()).isEqualTo(6);
    assertThat(preview.targetSnapshotId()).isEqualTo(3);
    assertThat(preview.removedSnapshotIds()).containsExactly(6L, 5L, 4L);
    assertThat(preview.removedTags()).containsExactly("late");
    assertThat(preview.consumersGoingBack()).containsOnlyKeys("reader").containsEntry("reader", 6L);
    assertThat(preview.files().paths()).contains("dt=2024-01-01/bucket-0/data-ab.avro");
    assertThat(preview.files().bytes())
        .isEqualTo(preview.files().files().stream().mapToLong(PreviewFile::bytes).sum())
        .isPositive();

    RollbackReport report = maintenance.rollbackTo(3);

    assertThat(report.removedSnapshotIds()).isEqualTo(preview.removedSnapshotIds());
    assertThat(report.removedTags()).isEqualTo(preview.removedTags());
    assertThat(report.deletedFiles().files()).isEqualTo(preview.files().paths());
    assertThat(report.deletedFiles().bytes()).isEqualTo(preview.files().bytes());
  }

  @Test
  void rollbackPreviewToTheLatestSnapshotRemovesNothing() {
    TableHistory h = new TableHistory(dir);

    RollbackPreview preview =
        new TableMaintenance(h.table.io, h.table.paths, h.clock).previewRollbackTo(6);

    assertThat(preview.isEmpty()).isTrue();
  }

  @Test
  void rollbackPreviewRejectsAMissingTagNamingTheTagsThatExist() {
    TableHistory h = new TableHistory(dir);
    TableMaintenance maintenance = new TableMaintenance(h.table.io, h.table.paths, h.clock);
    maintenance.createTag("v1", 1);

    assertThatThrownBy(() -> maintenance.previewRollbackToTag("v2"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'v2'")
        .hasMessageContaining("v1");
  }

  @Test
  void expirePreviewNamesTheSnapshotsAndBytesTheExpirationRemoves() throws Exception {
    TableHistory h = new TableHistory(dir);
    TableMaintenance maintenance = new TableMaintenance(h.table.io, h.table.paths, h.clock);
    ExpireRetention retention = new ExpireRetention(2, Integer.MAX_VALUE, Duration.ZERO, 50);
    List<String> before = listing(h.table.paths.root());

    ExpirePreview preview = maintenance.previewExpireSnapshots(retention);

    assertThat(listing(h.table.paths.root())).isEqualTo(before);
    assertThat(preview.snapshotIds()).containsExactly(1L, 2L, 3L, 4L);
    assertThat(preview.earliestAfter()).hasValue(5);
    ExpireReport report = maintenance.expireSnapshots(retention);
    assertThat(report.expiredSnapshotIds()).isEqualTo(preview.snapshotIds());
    assertThat(report.deletedFiles().files()).isEqualTo(preview.files().paths());
    assertThat(report.deletedFiles().bytes()).isEqualTo(preview.files().bytes()).isPositive();
  }

  @Test
  void orphanPreviewNamesTheFilesAndBytesTheRemovalDeletes() throws Exception {
    TableHistory h = new TableHistory(dir);
    Path lost = h.table.dataPath("2024-01-01", 0, "data-lost.avro");
    Files.writeString(lost, "lost bytes");
    Files.setLastModifiedTime(lost, FileTime.from(Instant.now().minus(Duration.ofDays(3))));
    TableMaintenance maintenance = new TableMaintenance(h.table.io, h.table.paths, h.clock);
    Instant olderThan = Instant.now().minus(Duration.ofDays(1));

    OrphanPreview preview = maintenance.previewRemoveOrphanFiles(olderThan);

    assertThat(lost).exists();
    assertThat(preview.files().files())
        .containsExactly(new PreviewFile("dt=2024-01-01/bucket-0/data-lost.avro", 10));
    OrphanReport report = maintenance.removeOrphanFiles(olderThan);
    assertThat(report.deletedFiles().files()).isEqualTo(preview.files().paths());
    assertThat(report.deletedFiles().bytes()).isEqualTo(10);
    assertThat(report.filesScanned()).isEqualTo(preview.filesScanned());
  }

  @Test
  void tagDeletePreviewNamesTheFilesOnlyAnExpiredSnapshotsTagKeeps() {
    TableHistory h = new TableHistory(dir);
    TableMaintenance maintenance = new TableMaintenance(h.table.io, h.table.paths, h.clock);
    maintenance.createTag("v1", 1);
    assertThat(maintenance.previewDeleteTag("v1").snapshotExpired()).isFalse();
    assertThat(maintenance.previewDeleteTag("v1").files().count()).isZero();
    maintenance.expireSnapshots(new ExpireRetention(1, Integer.MAX_VALUE, Duration.ZERO, 50));

    TagDeletePreview preview = maintenance.previewDeleteTag("v1");

    assertThat(preview.snapshotExpired()).isTrue();
    assertThat(preview.files().count()).isPositive();
    TagReport report = maintenance.deleteTag("v1");
    assertThat(report.deletedFiles().files()).isEqualTo(preview.files().paths());
    assertThat(report.deletedFiles().bytes()).isEqualTo(preview.files().bytes());
  }
}
