package dev.lakeops.table.compat;

import static dev.lakeops.table.compat.PaimonPkTable.DT1;
import static dev.lakeops.table.compat.PaimonPkTable.DT2;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.commit.BucketChange;
import dev.lakeops.table.commit.ChangeSet;
import dev.lakeops.table.commit.CommitResult;
import dev.lakeops.table.commit.ConflictingChangesException;
import dev.lakeops.table.commit.SnapshotFiles;
import dev.lakeops.table.meta.CommitKind;
import dev.lakeops.table.meta.ManifestEntry;
import dev.lakeops.table.meta.ManifestFiles;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.meta.SnapshotHints;
import dev.lakeops.table.meta.SnapshotJson;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.paimon.disk.IOManager;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.TableCommitImpl;
import org.apache.paimon.table.sink.TableWriteImpl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * lakeops commits on tables Paimon 1.3.1 wrote, and Paimon keeps reading and committing on top:
 * compaction-like level upgrades of Paimon's files, commits of files Paimon wrote, exactly-once
 * filtering by commit user in both directions, and file-deletion conflicts across the engines; on
 * every {@link CompatStore selected store} (the local disk, S3Proxy, MiniDFSCluster).
 */
@ParameterizedClass(name = "on {0}")
@MethodSource("dev.lakeops.table.compat.CompatStore#selected")
@ExtendWith(CompatStoreServers.class)
class PaimonCommitCompatTest {

  private static final String JOB = "job-1";

  @Parameter CompatStore store;
  @TempDir Path dir;

  /** Paimon commits 1..3 as {@link #JOB}, each into new level-0 files of both buckets. */
  private PaimonPkTable tableWithThreeCommits() throws Exception {
    PaimonPkTable t = new PaimonPkTable(store.newWarehouse(dir), Map.of());
    t.write(JOB, 1, DT1 + ",1,a", DT1 + ",2,b", DT1 + ",3,c", DT2 + ",1,d");
    t.write(JOB, 2, DT1 + ",1,a2", DT1 + ",4,e", DT2 + ",2,f");
    t.write(JOB, 3, "-" + DT1 + ",2", DT1 + ",5,g", DT2 + ",1,d2");
    return t;
  }

  private static Snapshot latest(PaimonPkTable t) {
    return SnapshotJson.load(
        t.io, t.paths.snapshotFile(SnapshotHints.latestSnapshotId(t.io, t.paths).getAsLong()));
  }

  private static List<ManifestEntry> liveFiles(PaimonPkTable t) {
    return new SnapshotFiles(new ManifestFiles(t.io, t.paths)).liveFiles(latest(t)).files();
  }

  /** The oldest level-0 file of a bucket that has only level-0 files and more than one. */
  private static ManifestEntry oldestLevelZeroFile(PaimonPkTable t) {
    Map<String, List<ManifestEntry>> buckets =
        liveFiles(t).stream().collect(Collectors.groupingBy(e -> e.partition() + "/" + e.bucket()));
    return buckets.values().stream()
        .filter(files -> files.size() > 1 && files.stream().allMatch(e -> e.level() == 0))
        .map(
            files ->
                files.stream()
                    .min(Comparator.comparingLong(e -> e.file().maxSequenceNumber()))
                    .orElseThrow())
        .findFirst()
        .orElseThrow();
  }

  private static ChangeSet levelUpgrade(ManifestEntry file, String user, long identifier) {
    return new ChangeSet(
        user,
        identifier,
        List.of(
            new BucketChange(
                file.partition(),
                file.bucket(),
                file.totalBuckets(),
                List.of(),
                List.of(file.file()),
                List.of(file.file().withLevel(5)),
                List.of())));
  }

  @Test
  void paimonReadsOurLevelUpgradeOfItsFileIdenticallyAndKeepsCommittingOnTop() throws Exception {
    PaimonPkTable t = tableWithThreeCommits();
    List<String> before = t.rows();
    ManifestEntry x = oldestLevelZeroFile(t);

    CommitResult result = t.committer().commit(levelUpgrade(x, "lakeops-compactor", 1));

    assertThat(result.snapshots())
        .singleElement()
        .satisfies(
            s -> {
              assertThat(s.id()).isEqualTo(4);
              assertThat(s.commitKind()).isEqualTo(CommitKind.COMPACT);
            });
    FileStoreTable paimon = t.paimon();
    assertThat(paimon.snapshotManager().latestSnapshotId()).isEqualTo(4);
    assertThat(paimon.snapshotManager().latestSnapshot().totalRecordCount())
        .isEqualTo(latest(t).totalRecordCount());
    assertThat(t.rows()).isEqualTo(before);
    assertThat(paimon.store().newScan().plan().files())
        .filteredOn(e -> e.file().fileName().equals(x.fileName()))
        .singleElement()
        .satisfies(e -> assertThat(e.file().level()).isEqualTo(5));
    assertThat(
            paimon.store().newScan().plan().files().stream().map(Describe::entry).sorted().toList())
        .isEqualTo(liveFiles(t).stream().map(Describe::entry).sorted().toList());

    t.write(JOB, 4, DT1 + ",3,c2", DT1 + ",6,h", DT2 + ",3,i");
    t.fullCompact(JOB, 5);

    assertThat(t.rows())
        .containsExactly(
            DT1 + ",1,a2,1.5",
            DT1 + ",3,c2,4.5",
            DT1 + ",4,e,6.0",
            DT1 + ",5,g,7.5",
            DT1 + ",6,h,9.0",
            DT2 + ",1,d2,1.5",
            DT2 + ",2,f,3.0",
            DT2 + ",3,i,4.5");
    assertThat(t.rowsAtSnapshot(4)).isEqualTo(before);
    assertThat(liveFiles(t)).allSatisfy(e -> assertThat(e.level()).isEqualTo(5));
    assertThat(latest(t).totalRecordCount())
        .isEqualTo(liveFiles(t).stream().mapToLong(e -> e.file().rowCount()).sum());
  }

  @Test
  void weCommitFilesPaimonWroteAndPaimonReadsThem() throws Exception {
    PaimonPkTable t = tableWithThreeCommits();
    List<CommitMessage> messages =
        t.prepare("lakeops-writer", 1, DT1 + ",7,j", DT2 + ",1,d3", "-" + DT1 + ",3");

    t.committer().commit(t.toChangeSet("lakeops-writer", 1, messages));

    assertThat(t.rows())
        .containsExactly(
            DT1 + ",1,a2,1.5",
            DT1 + ",4,e,6.0",
            DT1 + ",5,g,7.5",
            DT1 + ",7,j,10.5",
            DT2 + ",1,d3,1.5",
            DT2 + ",2,f,3.0");
    t.fullCompact(JOB, 4);
    assertThat(t.rows()).hasSize(6);
  }

  @Test
  void filterAndCommitSkipsWhatPaimonCommittedAndPaimonSkipsWhatWeCommitted() throws Exception {
    PaimonPkTable t = tableWithThreeCommits();
    List<CommitMessage> four = t.prepare(JOB, 4, DT1 + ",8,k");
    ChangeSet ourFour = t.toChangeSet(JOB, 4, four);

    // Replaying 2 and 3 after a failover: Paimon committed them for this user, so only 4 lands.
    List<CommitResult> committed =
        t.committer()
            .filterAndCommit(
                List.of(
                    t.toChangeSet(JOB, 2, t.prepare(JOB, 2, DT1 + ",9,never")),
                    t.toChangeSet(JOB, 3, List.of()),
                    ourFour));

    assertThat(committed).extracting(CommitResult::commitIdentifier).containsExactly(4L);
    assertThat(t.paimon().snapshotManager().latestSnapshotId()).isEqualTo(4);
    assertThat(t.rows()).contains(DT1 + ",8,k,12.0").noneMatch(r -> r.contains("never"));

    // Paimon replays 4 (its own messages for the same files) and finds it committed by us.
    FileStoreTable paimon = t.paimon();
    try (TableCommitImpl commit = paimon.newCommit(JOB)) {
      assertThat(commit.filterAndCommit(Map.of(4L, four))).isZero();
    }
    assertThat(t.paimon().snapshotManager().latestSnapshotId()).isEqualTo(4);

    // Paimon commits 5; replaying 4 and 5 through lakeops then writes nothing.
    t.write(JOB, 5, DT2 + ",4,l");
    assertThat(t.committer().filterAndCommit(List.of(ourFour, t.toChangeSet(JOB, 5, List.of()))))
        .isEmpty();
    assertThat(t.paimon().snapshotManager().latestSnapshotId()).isEqualTo(5);
    assertThat(t.rows()).contains(DT1 + ",8,k,12.0", DT2 + ",4,l,6.0").hasSize(8);
  }

  @Test
  void aCompactionOfAFilePaimonCompactedAwayIsAFileDeletionConflictInBothEngines()
      throws Exception {
    PaimonPkTable t = tableWithThreeCommits();
    ManifestEntry x = oldestLevelZeroFile(t);
    FileStoreTable paimon = t.paimon();
    List<CommitMessage> paimonCompaction;
    try (TableWriteImpl<?> write =
        paimon.newWrite(JOB).withIOManager(IOManager.create(dir.resolve("io").toString()))) {
      write.compact(
          PaimonWarehouse.partition(x.partition().equals(dtRow(t, DT1)) ? DT1 : DT2),
          x.bucket(),
          true);
      paimonCompaction = write.prepareCommit(true, 4);
    }

    t.committer().commit(levelUpgrade(x, "lakeops-compactor", 1));

    try (TableCommitImpl commit = paimon.newCommit(JOB)) {
      assertThatThrownBy(() -> commit.commit(4, paimonCompaction))
          .hasStackTraceContaining("File deletion conflicts detected");
    }
    t.fullCompact(JOB, 5);
    // x is now at level 5 and Paimon's full compaction has rewritten it: moving it again must fail.
    assertThatThrownBy(
            () -> t.committer().commit(levelUpgrade(atLevel5(x), "lakeops-compactor", 2)))
        .isInstanceOf(ConflictingChangesException.class)
        .hasMessageContaining("File deletion conflicts detected!")
        .hasMessageContaining(x.fileName());
    assertThat(t.rows()).hasSize(6);
  }

  private static ManifestEntry atLevel5(ManifestEntry x) {
    return new ManifestEntry(
        x.kind(), x.partition(), x.bucket(), x.totalBuckets(), x.file().withLevel(5));
  }

  private static dev.lakeops.table.meta.BinaryRow dtRow(PaimonPkTable t, String dt) {
    return dev.lakeops.table.meta.BinaryRowCodec.encode(
        t.schema().partitionType(), dev.lakeops.table.data.Row.of(dt));
  }
}
