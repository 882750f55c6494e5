package dev.lakeops.table.maintenance;

import static dev.lakeops.table.commit.TestTable.changes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.meta.CommitKind;
import dev.lakeops.table.meta.Snapshot;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RollbackTest {

  @TempDir Path dir;

  @Test
  void removesLaterSnapshotsTheirTagsAndTheFilesOnlyTheyUsed() {
    TableHistory h = new TableHistory(dir);
    Tags tags = new Tags(h.table.io, h.table.paths, h.clock);
    tags.createTag("early", 2);
    tags.createTag("late", 5);
    var liveAt3 = h.table.liveFiles(h.snapshot(3));

    RollbackReport report = new Rollback(h.table.io, h.table.paths, h.clock).rollbackTo(3);

    assertThat(report.previousLatestId()).isEqualTo(6);
    assertThat(report.removedSnapshotIds()).containsExactly(6L, 5L, 4L);
    assertThat(report.removedTags()).containsExactly("late");
    assertThat(report.newSnapshotId()).isNull();
    assertThat(h.table.latestId()).isEqualTo(3);
    assertThat(h.table.io.readBytes(h.table.paths.latestHint())).asString().isEqualTo("3");
    assertThat(tags.list()).containsOnlyKeys("early");
    assertThat(h.table.liveFiles()).isEqualTo(liveAt3);
    assertThat(h.path("2024-01-01", 0, h.ab)).doesNotExist();
    assertThat(h.path("2024-01-01", 1, h.d)).doesNotExist();
    assertThat(h.path("2024-01-01", 0, h.a)).exists();
    assertThat(report.deletedFiles().files())
        .contains("dt=2024-01-01/bucket-0/data-ab.avro", "dt=2024-01-01/bucket-1/data-d.avro");
    assertThat(h.table.unreferencedManifestFiles()).isEmpty();
    h.assertReadable(h.snapshot(3));

    h.commit(
        changes(
            "job",
            10,
            h.table.newFiles(
                "2024-01-02", 1, h.table.dataFile("2024-01-02", 1, "data-e.avro", 0, 5, 6, 1))));
    assertThat(h.table.latestId()).isEqualTo(4);
    h.assertReadable(h.table.latest());
  }

  @Test
  void rollsBackToATagWhoseSnapshotExpiredByWritingItBack() {
    TableHistory h = new TableHistory(dir);
    new Tags(h.table.io, h.table.paths, h.clock).createTag("v1", 2);
    new SnapshotExpiration(h.table.io, h.table.paths, h.clock)
        .expire(new ExpireRetention(1, Integer.MAX_VALUE, Duration.ZERO, 50));
    assertThat(h.table.paths.snapshotFile(2)).doesNotExist();

    RollbackReport report = new Rollback(h.table.io, h.table.paths, h.clock).rollbackToTag("v1");

    assertThat(report.targetSnapshotId()).isEqualTo(2);
    assertThat(report.removedSnapshotIds()).containsExactly(6L);
    assertThat(h.table.latestId()).isEqualTo(2);
    assertThat(h.table.io.readBytes(h.table.paths.earliestHint())).asString().isEqualTo("2");
    assertThat(h.table.liveFiles()).containsExactly("data-a.avro@L0", "data-b.avro@L0");
    h.assertReadable(h.table.latest());
    assertThat(h.path("2024-01-02", 1, h.c)).doesNotExist();
  }

  @Test
  void rollsBackAsLatestByCommittingTheOldContentAndKeepingLaterSnapshots() {
    TableHistory h = new TableHistory(dir);
    new Tags(h.table.io, h.table.paths, h.clock).createTag("late", 5);

    RollbackReport report = new Rollback(h.table.io, h.table.paths, h.clock).rollbackToAsLatest(2);

    assertThat(report.newSnapshotId()).isEqualTo(7);
    assertThat(report.removedSnapshotIds()).isEmpty();
    assertThat(report.deletedFiles().count()).isZero();
    Snapshot latest = h.table.latest();
    assertThat(latest.commitKind()).isEqualTo(CommitKind.OVERWRITE);
    assertThat(latest.commitUser()).isEqualTo(Rollback.COMMIT_USER);
    assertThat(content(h, latest)).isEqualTo(content(h, h.snapshot(2)));
    assertThat(h.table.liveFiles())
        .noneMatch(f -> f.startsWith("data-a.avro") || f.startsWith("data-b.avro"));
    assertThat(latest.totalRecordCount()).isEqualTo(h.snapshot(2).totalRecordCount());
    assertThat(h.table.paths.snapshotFile(6)).exists();
    assertThat(new Tags(h.table.io, h.table.paths).list()).containsKey("late");
    h.assertReadable(latest);
  }

  @Test
  void expirationAfterARollbackAsLatestKeepsTheFilesItBroughtBack() {
    TableHistory h = new TableHistory(dir);
    new Rollback(h.table.io, h.table.paths, h.clock).rollbackToAsLatest(2);

    new SnapshotExpiration(h.table.io, h.table.paths, h.clock)
        .expire(new ExpireRetention(1, Integer.MAX_VALUE, Duration.ZERO, 50));

    assertThat(h.table.latestId()).isEqualTo(7);
    h.assertReadable(h.table.latest());
    assertThat(content(h, h.table.latest()))
        .isEqualTo(
            List.of("dt=2024-01-01/0/L0/rows 4/seq 6..9", "dt=2024-01-01/0/L0/rows 5/seq 1..5"));
    assertThat(h.path("2024-01-01", 0, h.a)).doesNotExist();
    assertThat(h.path("2024-01-01", 0, h.ab)).doesNotExist();
  }

  /**
   * The live files of a snapshot without their names: partition, bucket, level, rows and sequence
   * numbers.
   */
  private static List<String> content(TableHistory h, Snapshot s) {
    return h.table.snapshotFiles().liveFiles(s).files().stream()
        .map(
            e ->
                h.table.locator.partitionPath(e.partition())
                    + "/"
                    + e.bucket()
                    + "/L"
                    + e.level()
                    + "/rows "
                    + e.file().rowCount()
                    + "/seq "
                    + e.file().minSequenceNumber()
                    + ".."
                    + e.file().maxSequenceNumber())
        .sorted()
        .toList();
  }

  @Test
  void refusesATargetThatNeitherASnapshotNorATagHolds() {
    TableHistory h = new TableHistory(dir);
    Rollback rollback = new Rollback(h.table.io, h.table.paths, h.clock);

    assertThatThrownBy(() -> rollback.rollbackTo(42))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Snapshot 42")
        .hasMessageContaining("no tag holds it");
    assertThatThrownBy(() -> rollback.rollbackToTag("nope"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Tag 'nope' does not exist");
    assertThat(h.table.latestId()).isEqualTo(6);
  }

  @Test
  void rollingBackToTheLatestSnapshotChangesNothing() {
    TableHistory h = new TableHistory(dir);

    RollbackReport report = new Rollback(h.table.io, h.table.paths, h.clock).rollbackTo(6);

    assertThat(report.removedSnapshotIds()).isEmpty();
    assertThat(report.deletedFiles().count()).isZero();
    h.assertReadable(h.table.latest());
  }
}
