package dev.lakeops.table.compat;

import static dev.lakeops.table.compat.PaimonPkTable.DT1;
import static dev.lakeops.table.compat.PaimonPkTable.DT2;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.table.commit.BucketChange;
import dev.lakeops.table.commit.ChangeSet;
import dev.lakeops.table.commit.DataFileLocator;
import dev.lakeops.table.commit.SnapshotFiles;
import dev.lakeops.table.maintenance.ExpireReport;
import dev.lakeops.table.maintenance.ExpireRetention;
import dev.lakeops.table.maintenance.OrphanFiles;
import dev.lakeops.table.maintenance.OrphanReport;
import dev.lakeops.table.maintenance.RollbackReport;
import dev.lakeops.table.maintenance.TableMaintenance;
import dev.lakeops.table.meta.ManifestEntry;
import dev.lakeops.table.meta.ManifestFiles;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.meta.SnapshotHints;
import dev.lakeops.table.meta.SnapshotJson;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.paimon.options.ExpireConfig;
import org.apache.paimon.table.FileStoreTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Maintenance across the engines: lakeops' expiration, tags, rollbacks and orphan removal on tables
 * Paimon 1.3.1 wrote, and Paimon's expiration on snapshots lakeops committed; both engines read
 * every snapshot and tag that is left, and Paimon keeps committing; on every {@link CompatStore
 * selected store} (the local disk, S3Proxy, MiniDFSCluster).
 */
@ParameterizedClass(name = "on {0}")
@MethodSource("dev.lakeops.table.compat.CompatStore#selected")
@ExtendWith(CompatStoreServers.class)
class PaimonMaintenanceCompatTest {

  private static final String JOB = "job-1";

  @Parameter CompatStore store;
  @TempDir Path dir;

  /**
   * Paimon commits six snapshots: three writes, a full compaction (which compacts away every file
   * of the writes), and two more writes. Tag {@code t2} pins snapshot 2.
   */
  private PaimonPkTable paimonHistory() throws Exception {
    PaimonPkTable t = new PaimonPkTable(store.newWarehouse(dir), Map.of());
    t.write(JOB, 1, DT1 + ",1,a", DT1 + ",2,b", DT1 + ",3,c", DT2 + ",1,d");
    t.write(JOB, 2, DT1 + ",1,a2", DT1 + ",4,e", DT2 + ",2,f");
    t.write(JOB, 3, "-" + DT1 + ",2", DT1 + ",5,g", DT2 + ",1,d2");
    t.fullCompact(JOB, 4);
    t.write(JOB, 5, DT1 + ",6,h");
    t.write(JOB, 6, DT2 + ",3,i", "-" + DT1 + ",1");
    t.paimon().createTag("t2", 2);
    return t;
  }

  private static Map<Long, List<String>> rowsBySnapshot(PaimonPkTable t) throws Exception {
    Map<Long, List<String>> rows = new LinkedHashMap<>();
    FileStoreTable paimon = t.paimon();
    for (long id = paimon.snapshotManager().earliestSnapshotId();
        id <= paimon.snapshotManager().latestSnapshotId();
        id++) {
      rows.put(id, t.rowsAtSnapshot(id));
    }
    return rows;
  }

  /**
   * Lakeops' view: every snapshot present is complete (manifests decode, live data files exist).
   */
  private static void assertReadableByLakeops(PaimonPkTable t, Snapshot s) {
    SnapshotFiles files = new SnapshotFiles(new ManifestFiles(t.io, t.paths));
    DataFileLocator locator = new DataFileLocator(t.paths, t.schema());
    var live = files.liveFiles(s);
    assertThat(live.unmatchedDeletes()).isEmpty();
    for (ManifestEntry e : live.files()) {
      Path file = locator.file(e.partition(), e.bucket(), e.fileName());
      assertThat(t.io.exists(file)).as(file.toString()).isTrue();
    }
  }

  private static List<Snapshot> snapshots(PaimonPkTable t) {
    long earliest = SnapshotHints.earliestSnapshotId(t.io, t.paths).getAsLong();
    long latest = SnapshotHints.latestSnapshotId(t.io, t.paths).getAsLong();
    return java.util.stream.LongStream.rangeClosed(earliest, latest)
        .mapToObj(id -> SnapshotJson.load(t.io, t.paths.snapshotFile(id)))
        .toList();
  }

  @Test
  void ourExpirationOfPaimonSnapshotsKeepsEverySnapshotAndTagPaimonStillReads() throws Exception {
    PaimonPkTable t = paimonHistory();
    Map<Long, List<String>> before = rowsBySnapshot(t);
    List<String> tagged = t.rowsAtTag("t2");

    ExpireReport report =
        new TableMaintenance(t.io, t.paths)
            .expireSnapshots(new ExpireRetention(2, Integer.MAX_VALUE, Duration.ZERO, 50));

    assertThat(report.expiredSnapshotIds()).containsExactly(1L, 2L, 3L, 4L);
    assertThat(report.deletedFiles().files())
        .anyMatch(f -> f.startsWith("dt="))
        .anyMatch(f -> f.startsWith("manifest/"));
    FileStoreTable paimon = t.paimon();
    assertThat(paimon.snapshotManager().earliestSnapshotId()).isEqualTo(5);
    assertThat(t.rowsAtSnapshot(5)).isEqualTo(before.get(5L));
    assertThat(t.rows()).isEqualTo(before.get(6L));
    assertThat(t.rowsAtTag("t2")).isEqualTo(tagged);
    snapshots(t).forEach(s -> assertReadableByLakeops(t, s));

    t.write(JOB, 7, DT1 + ",7,j");
    t.fullCompact(JOB, 8);
    assertThat(t.rows()).contains(DT1 + ",7,j,10.5").hasSize(before.get(6L).size() + 1);
    // Paimon's own expiration runs after our run and finds the table consistent.
    paimon = t.paimon();
    paimon
        .newExpireSnapshots()
        .config(
            ExpireConfig.builder()
                .snapshotRetainMin(1)
                .snapshotRetainMax(1)
                .snapshotTimeRetain(Duration.ZERO)
                .build())
        .expire();
    assertThat(t.rows()).contains(DT1 + ",7,j,10.5").hasSize(before.get(6L).size() + 1);
    assertThat(t.rowsAtTag("t2")).isEqualTo(tagged);
  }

  @Test
  void paimonsExpirationOfOurSnapshotsLeavesTheTableReadableToBoth() throws Exception {
    PaimonPkTable t = paimonHistory();
    TableMaintenance maintenance = new TableMaintenance(t.io, t.paths);
    List<String> at6 = t.rows();
    // Our snapshots: a tag, a level upgrade of a file Paimon wrote, and an overwrite of one
    // partition.
    maintenance.createTag("ours", 6);
    ManifestEntry fresh =
        new SnapshotFiles(new ManifestFiles(t.io, t.paths))
            .liveFiles(SnapshotJson.load(t.io, t.paths.snapshotFile(6))).files().stream()
                .filter(e -> e.level() == 0)
                .findFirst()
                .orElseThrow();
    t.committer()
        .commit(
            new ChangeSet(
                "lakeops-compactor",
                1,
                List.of(
                    new BucketChange(
                        fresh.partition(),
                        fresh.bucket(),
                        fresh.totalBuckets(),
                        List.of(),
                        List.of(fresh.file()),
                        List.of(fresh.file().withLevel(4)),
                        List.of()))));
    t.committer()
        .commitOverwrite(
            t.toChangeSet(
                "lakeops-batch",
                Long.MAX_VALUE,
                t.prepare("lakeops-batch", Long.MAX_VALUE, DT2 + ",9,z")),
            dev.lakeops.table.commit.PartitionFilter.matching(t.schema(), Map.of("dt", DT2)));
    List<String> latest = t.rows();
    assertThat(latest).contains(DT2 + ",9,z,13.5").noneMatch(r -> r.startsWith(DT2 + ",1,"));

    t.paimon()
        .newExpireSnapshots()
        .config(
            ExpireConfig.builder()
                .snapshotRetainMin(1)
                .snapshotRetainMax(1)
                .snapshotTimeRetain(Duration.ZERO)
                .build())
        .expire();

    assertThat(t.paimon().snapshotManager().earliestSnapshotId()).isEqualTo(8);
    assertThat(t.rows()).isEqualTo(latest);
    assertThat(t.rowsAtTag("ours")).isEqualTo(at6);
    snapshots(t).forEach(s -> assertReadableByLakeops(t, s));
    assertReadableByLakeops(
        t, new dev.lakeops.table.maintenance.Tags(t.io, t.paths).list().get("ours").snapshot());
    t.write(JOB, 7, DT2 + ",10,y");
    assertThat(t.rows()).contains(DT2 + ",10,y,15.0");
  }

  @Test
  void paimonReadsOurTagsAndFollowsOurRollbacks() throws Exception {
    PaimonPkTable t = paimonHistory();
    TableMaintenance maintenance = new TableMaintenance(t.io, t.paths);
    Map<Long, List<String>> before = rowsBySnapshot(t);

    maintenance.createTag("before-compaction", 3);
    maintenance.createTag("kept-a-day", 5, Duration.ofDays(1));
    assertThat(t.paimon().tagManager().allTagNames())
        .containsExactlyInAnyOrder("t2", "before-compaction", "kept-a-day");
    assertThat(t.rowsAtTag("before-compaction")).isEqualTo(before.get(3L));
    assertThat(t.paimon().tagManager().getOrThrow("kept-a-day").getTagTimeRetained())
        .isEqualTo(Duration.ofDays(1));

    RollbackReport asLatest = maintenance.rollbackToAsLatest(3);
    assertThat(asLatest.newSnapshotId()).isEqualTo(7);
    assertThat(t.rows()).isEqualTo(before.get(3L));
    t.write(JOB, 7, DT1 + ",8,k");
    assertThat(t.rows()).contains(DT1 + ",8,k,12.0").hasSize(before.get(3L).size() + 1);

    RollbackReport destructive = maintenance.rollbackTo(5);
    assertThat(destructive.removedSnapshotIds()).containsExactly(8L, 7L, 6L);
    assertThat(t.paimon().snapshotManager().latestSnapshotId()).isEqualTo(5);
    assertThat(t.rows()).isEqualTo(before.get(5L));
    assertThat(t.paimon().tagManager().allTagNames())
        .containsExactlyInAnyOrder("t2", "before-compaction", "kept-a-day");
    t.write(JOB, 8, DT2 + ",5,m");
    assertThat(t.paimon().snapshotManager().latestSnapshotId()).isEqualTo(6);
    assertThat(t.rows()).contains(DT2 + ",5,m,7.5").hasSize(before.get(5L).size() + 1);

    // Paimon rolls back our table, and we read it.
    t.paimon().rollbackTo("before-compaction");
    assertThat(t.rows()).isEqualTo(before.get(3L));
    snapshots(t).forEach(s -> assertReadableByLakeops(t, s));
  }

  @Test
  void aRollbackAsLatestPastACompactionSurvivesExpirationByEitherEngine() throws Exception {
    PaimonPkTable t = paimonHistory();
    List<String> before = t.rowsAtSnapshot(3);

    // Snapshot 3's files were compacted away at 4: the rollback brings them back as copies,
    // because Paimon never re-reads a file identity that a DELETE entry named.
    RollbackReport report = new TableMaintenance(t.io, t.paths).rollbackToAsLatest(3);

    assertThat(report.newSnapshotId()).isEqualTo(7);
    assertThat(t.rows()).isEqualTo(before);
    t.paimon()
        .newExpireSnapshots()
        .config(
            ExpireConfig.builder()
                .snapshotRetainMin(1)
                .snapshotRetainMax(1)
                .snapshotTimeRetain(Duration.ZERO)
                .build())
        .expire();
    assertThat(t.paimon().snapshotManager().earliestSnapshotId()).isEqualTo(7);
    assertThat(t.rows()).isEqualTo(before);
    snapshots(t).forEach(s -> assertReadableByLakeops(t, s));

    t.write(JOB, 7, DT1 + ",9,n");
    new TableMaintenance(t.io, t.paths)
        .expireSnapshots(new ExpireRetention(1, Integer.MAX_VALUE, Duration.ZERO, 50));
    assertThat(t.rows()).contains(DT1 + ",9,n,13.5").hasSize(before.size() + 1);
    t.fullCompact(JOB, 8);
    assertThat(t.rows()).contains(DT1 + ",9,n,13.5").hasSize(before.size() + 1);
  }

  @Test
  void orphanRemovalOnAPaimonTableKeepsEverythingPaimonReads() throws Exception {
    PaimonPkTable t = paimonHistory();
    Map<Long, List<String>> before = rowsBySnapshot(t);
    // Files a failed Paimon write left: written into the table but never committed.
    t.prepare("crashed-writer", 1, DT1 + ",99,lost");
    // Two days on, every file is past the default one-day margin (an object store has no way to
    // set a file's modification time back, so the clock moves forward instead).
    Clock later = Clock.offset(Clock.systemUTC(), Duration.ofDays(2));

    OrphanReport report = new OrphanFiles(t.io, t.paths, later).remove();

    assertThat(report.deletedFiles().files())
        .isNotEmpty()
        .allMatch(f -> f.startsWith("dt=2024-01-01/"));
    assertThat(rowsBySnapshot(t)).isEqualTo(before);
    assertThat(t.rowsAtTag("t2")).isEqualTo(before.get(2L));
    t.write(JOB, 7, DT1 + ",7,j");
    assertThat(t.rows()).contains(DT1 + ",7,j,10.5");
  }
}
