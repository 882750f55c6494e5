package dev.lakeops.table.maintenance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.meta.Consumer;
import dev.lakeops.table.meta.ConsumerJson;
import dev.lakeops.table.meta.Snapshot;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SnapshotExpirationTest {

  @TempDir Path dir;

  private static ExpireRetention keep(int min) {
    return new ExpireRetention(min, Integer.MAX_VALUE, Duration.ZERO, 50);
  }

  @Test
  void keepsTheNewestMinRetainedSnapshotsAndMovesEarliest() {
    TableHistory h = new TableHistory(dir);
    SnapshotExpiration expiration = new SnapshotExpiration(h.table.io, h.table.paths, h.clock);

    ExpireReport report = expiration.expire(keep(2));

    assertThat(report.expiredSnapshotIds()).containsExactly(1L, 2L, 3L, 4L);
    assertThat(report.earliestSnapshotId()).isEqualTo(OptionalLong.of(5));
    assertThat(h.table.io.readBytes(h.table.paths.earliestHint())).asString().isEqualTo("5");
    for (long id = 1; id <= 4; id++) {
      assertThat(h.table.paths.snapshotFile(id)).doesNotExist();
    }
    h.assertReadable(h.snapshot(5));
    h.assertReadable(h.snapshot(6));
    assertThat(h.table.unreferencedManifestFiles()).isEmpty();
  }

  @Test
  void deletesTheDataFilesOnlyExpiredSnapshotsUsedAndKeepsALevelUpgradedFile() {
    TableHistory h = new TableHistory(dir);

    ExpireReport report =
        new SnapshotExpiration(h.table.io, h.table.paths, h.clock).expire(keep(1));

    assertThat(report.expiredSnapshotIds()).containsExactly(1L, 2L, 3L, 4L, 5L);
    assertThat(h.path("2024-01-01", 0, h.a)).doesNotExist();
    assertThat(h.path("2024-01-01", 0, h.b)).doesNotExist();
    assertThat(h.path("2024-01-01", 0, h.ab)).exists();
    assertThat(h.path("2024-01-02", 1, h.c)).exists();
    assertThat(h.path("2024-01-01", 1, h.d)).exists();
    assertThat(report.deletedFiles().files())
        .contains("dt=2024-01-01/bucket-0/data-a.avro", "dt=2024-01-01/bucket-0/data-b.avro")
        .noneMatch(f -> f.contains("data-d") || f.contains("data-ab"));
    assertThat(report.deletedFiles().bytes()).isPositive();
    h.assertReadable(h.snapshot(6));
    assertThat(h.table.liveFiles())
        .containsExactly("data-ab.avro@L5", "data-c.avro@L0", "data-d.avro@L5");
  }

  @Test
  void neverDeletesAFileATagUses() {
    TableHistory h = new TableHistory(dir);
    new Tags(h.table.io, h.table.paths, h.clock).createTag("before-compaction", 2);

    new SnapshotExpiration(h.table.io, h.table.paths, h.clock).expire(keep(1));

    assertThat(h.path("2024-01-01", 0, h.a)).exists();
    assertThat(h.path("2024-01-01", 0, h.b)).exists();
    h.assertReadable(
        new Tags(h.table.io, h.table.paths).list().get("before-compaction").snapshot());
    h.assertReadable(h.snapshot(6));

    TagReport deleted = new Tags(h.table.io, h.table.paths, h.clock).deleteTag("before-compaction");

    assertThat(deleted.deletedFiles().files())
        .contains("dt=2024-01-01/bucket-0/data-a.avro", "dt=2024-01-01/bucket-0/data-b.avro")
        .noneMatch(f -> f.contains("data-ab") || f.contains("data-c"));
    assertThat(h.path("2024-01-01", 0, h.a)).doesNotExist();
    h.assertReadable(h.snapshot(6));
  }

  @Test
  void keepsSnapshotsYoungerThanTimeRetained() {
    TableHistory h = new TableHistory(dir);
    // Snapshots were committed at minutes 0..5; now is minute 6.
    ExpireRetention retention =
        new ExpireRetention(1, Integer.MAX_VALUE, Duration.ofSeconds(150), 50);

    ExpireReport report =
        new SnapshotExpiration(h.table.io, h.table.paths, h.clock).expire(retention);

    assertThat(report.expiredSnapshotIds()).containsExactly(1L, 2L, 3L, 4L);
  }

  @Test
  void expiresBeyondMaxRetainedRegardlessOfAge() {
    TableHistory h = new TableHistory(dir);
    ExpireRetention retention = new ExpireRetention(1, 3, Duration.ofDays(1), 50);

    ExpireReport report =
        new SnapshotExpiration(h.table.io, h.table.paths, h.clock).expire(retention);

    assertThat(report.expiredSnapshotIds()).containsExactly(1L, 2L, 3L);
  }

  @Test
  void neverExpiresTheSnapshotAConsumerReadsNextNorLaterOnes() {
    TableHistory h = new TableHistory(dir);
    h.table.io.writeAtomically(
        h.table.paths.consumerFile("reader"), ConsumerJson.toJson(new Consumer(3)).getBytes());

    ExpireReport report =
        new SnapshotExpiration(h.table.io, h.table.paths, h.clock).expire(keep(1));

    assertThat(report.expiredSnapshotIds()).containsExactly(1L, 2L);
    h.assertReadable(h.snapshot(3));
  }

  @Test
  void expiresAtMostTheLimitPerRun() {
    TableHistory h = new TableHistory(dir);

    ExpireReport report =
        new SnapshotExpiration(h.table.io, h.table.paths, h.clock)
            .expire(new ExpireRetention(1, Integer.MAX_VALUE, Duration.ZERO, 2));

    assertThat(report.expiredSnapshotIds()).containsExactly(1L, 2L);
    h.assertReadable(h.snapshot(3));
  }

  @Test
  void followsTheTableOptionsByDefaultAndExpiresNothingWithinThem() {
    TableHistory h = new TableHistory(dir);

    ExpireReport report = new SnapshotExpiration(h.table.io, h.table.paths, h.clock).expire();

    assertThat(report.expiredSnapshotIds()).isEmpty();
    assertThat(report.deletedFiles().count()).isZero();
    assertThat(ExpireRetention.of(h.table.schema.tableOptions()))
        .isEqualTo(new ExpireRetention(10, Integer.MAX_VALUE, Duration.ofHours(1), 50));
  }

  @Test
  void previewsWithoutDeletingAnything() {
    TableHistory h = new TableHistory(dir);
    SnapshotExpiration expiration = new SnapshotExpiration(h.table.io, h.table.paths, h.clock);

    ExpirePlan plan = expiration.plan(keep(1));

    assertThat(plan.snapshotIds()).containsExactly(1L, 2L, 3L, 4L, 5L);
    assertThat(plan.files())
        .contains(h.path("2024-01-01", 0, h.a))
        .allSatisfy(p -> assertThat(p).exists());
    assertThat(h.table.paths.snapshotFile(1)).exists();
    assertThat(expiration.expire(keep(1)).deletedFiles().count()).isEqualTo(plan.files().size());
  }

  @Test
  void rejectsARetentionThatKeepsNoSnapshot() {
    assertThatThrownBy(() -> new ExpireRetention(0, 5, Duration.ZERO, 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("snapshot.num-retained.min: 0");
    assertThatThrownBy(
            () ->
                ExpireRetention.of(
                    dev.lakeops.table.schema.TableOptions.of(
                        Map.of("snapshot.num-retained.min", "x"))))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void letsCommitsContinueAfterExpiration() {
    TableHistory h = new TableHistory(dir);
    new SnapshotExpiration(h.table.io, h.table.paths, h.clock).expire(keep(1));

    h.commit(
        dev.lakeops.table.commit.TestTable.changes(
            "job",
            9,
            h.table.newFiles(
                "2024-01-02", 1, h.table.dataFile("2024-01-02", 1, "data-e.avro", 0, 4, 5, 1))));

    Snapshot latest = h.table.latest();
    assertThat(latest.id()).isEqualTo(7);
    h.assertReadable(latest);
    assertThat(h.table.liveFiles())
        .containsExactly("data-ab.avro@L5", "data-c.avro@L0", "data-d.avro@L5", "data-e.avro@L0");
    assertThat(List.of(latest.totalRecordCount())).containsExactly(15L);
  }
}
