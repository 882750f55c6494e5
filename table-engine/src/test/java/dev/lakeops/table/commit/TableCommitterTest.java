package dev.lakeops.table.commit;

import static dev.lakeops.table.commit.TestTable.changes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.commit.ConflictingChangesException.Conflict;
import dev.lakeops.table.meta.CommitKind;
import dev.lakeops.table.meta.DataFileMeta;
import dev.lakeops.table.meta.FileKind;
import dev.lakeops.table.meta.ManifestEntry;
import dev.lakeops.table.meta.Snapshot;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TableCommitterTest {

  @TempDir Path dir;

  private TestTable table;

  private TestTable table() {
    if (table == null) {
      table = TestTable.create(dir);
    }
    return table;
  }

  private ChangeSet appendOneFile(String user, long identifier, String name) {
    TestTable t = table();
    return changes(
        user,
        identifier,
        t.newFiles("2024-01-01", 0, t.dataFile("2024-01-01", 0, name, 0, 1, 9, 10)));
  }

  @Test
  void commitsTheFirstChangeSetAsSnapshotOneAndWritesBothHints() {
    TestTable t = table();
    CommitResult result = t.committer().commit(appendOneFile("writer", 1, "data-a.avro"));

    Snapshot s = result.snapshots().get(0);
    assertThat(s.id()).isEqualTo(1);
    assertThat(s.commitKind()).isEqualTo(CommitKind.APPEND);
    assertThat(s.commitUser()).isEqualTo("writer");
    assertThat(s.commitIdentifier()).isEqualTo(1);
    assertThat(s.totalRecordCount()).isEqualTo(10);
    assertThat(s.deltaRecordCount()).isEqualTo(10);
    assertThat(s.changelogManifestList()).isNull();
    assertThat(s.nextRowId()).isEqualTo(0);
    assertThat(t.io.readBytes(t.paths.latestHint())).asString().isEqualTo("1");
    assertThat(t.io.readBytes(t.paths.earliestHint())).asString().isEqualTo("1");
    assertThat(t.snapshotFiles().manifestList(s.baseManifestList())).isEmpty();
    assertThat(t.liveFiles()).containsExactly("data-a.avro@L0");
    assertThat(result.attempts()).isEqualTo(1);
  }

  @Test
  void chainsTheBaseListAsThePreviousBasePlusDelta() {
    TestTable t = table();
    TableCommitter committer = t.committer();
    Snapshot first = committer.commit(appendOneFile("writer", 1, "data-a.avro")).snapshots().get(0);
    Snapshot second =
        committer.commit(appendOneFile("writer", 2, "data-b.avro")).snapshots().get(0);

    SnapshotFiles files = t.snapshotFiles();
    assertThat(files.manifestList(second.baseManifestList()))
        .containsExactlyElementsOf(files.manifestList(first.deltaManifestList()));
    assertThat(second.id()).isEqualTo(2);
    assertThat(second.totalRecordCount()).isEqualTo(20);
    assertThat(second.deltaRecordCount()).isEqualTo(10);
    assertThat(t.io.readBytes(t.paths.earliestHint())).asString().isEqualTo("1");
    assertThat(t.liveFiles()).containsExactly("data-a.avro@L0", "data-b.avro@L0");
  }

  @Test
  void retriesWhenAnotherWriterPublishesTheNextSnapshotFirst() {
    TestTable t = table();
    FlakySnapshotStore store = FlakySnapshotStore.conflictingOnFirst(2, t);

    CommitResult result = t.committer(store).commit(appendOneFile("writer", 1, "data-mine.avro"));

    assertThat(result.snapshots().get(0).id()).isEqualTo(3);
    assertThat(result.attempts()).isEqualTo(3);
    for (Snapshot failed : store.attempted().subList(0, 2)) {
      assertThat(t.paths.manifestFile(failed.baseManifestList())).doesNotExist();
      assertThat(t.paths.manifestFile(failed.deltaManifestList())).doesNotExist();
    }
    assertThat(t.unreferencedManifestFiles()).isEmpty();
    assertThat(t.dataPath("2024-01-01", 0, "data-mine.avro")).exists();
    assertThat(t.liveFiles())
        .containsExactly("data-mine.avro@L0", "data-other-1.avro@L0", "data-other-2.avro@L0");
    assertThat(t.latest().totalRecordCount()).isEqualTo(12);
  }

  @Test
  void givesUpWithTheConflictWhenRetriesRunOut() {
    TestTable t = table();
    FlakySnapshotStore store = FlakySnapshotStore.conflictingOnFirst(100, t);
    TableCommitter committer =
        TableCommitter.builder(t.io, t.paths, t.schema)
            .store(store)
            .retryPolicy(RetryPolicy.withoutWaiting(3))
            .build();

    assertThatThrownBy(() -> committer.commit(appendOneFile("writer", 1, "data-mine.avro")))
        .isInstanceOf(CommitConflictException.class)
        .hasMessageContaining("after 4 attempts");
    assertThat(store.attempted()).hasSize(4);
    assertThat(t.unreferencedManifestFiles()).isEmpty();
    assertThat(t.liveFiles()).doesNotContain("data-mine.avro@L0").hasSize(4);
  }

  @Test
  void keepsEveryFileWhenTheCommitStateIsUnknown() {
    TestTable t = table();
    t.committer().commit(appendOneFile("writer", 1, "data-a.avro"));
    FlakySnapshotStore store = FlakySnapshotStore.unknownWithoutPublishingOnFirst(1, t);

    assertThatThrownBy(() -> t.committer(store).commit(appendOneFile("writer", 2, "data-b.avro")))
        .isInstanceOf(CommitStateUnknownException.class)
        .hasMessageContaining("snapshot 2");

    Snapshot attempted = store.attempted().get(0);
    assertThat(t.paths.manifestFile(attempted.baseManifestList())).exists();
    assertThat(t.paths.manifestFile(attempted.deltaManifestList())).exists();
    assertThat(t.snapshotFiles().deltaEntries(attempted))
        .extracting(ManifestEntry::fileName)
        .containsExactly("data-b.avro");
    assertThat(t.dataPath("2024-01-01", 0, "data-b.avro")).exists();
    assertThat(t.latestId()).isEqualTo(1);
  }

  @Test
  void acknowledgesItsSnapshotWhenThePublishLandedButReportedAnUnknownOutcome() {
    TestTable t = table();
    FlakySnapshotStore store = FlakySnapshotStore.unknownAfterPublishingOnFirst(1, t);

    CommitResult result = t.committer(store).commit(appendOneFile("writer", 7, "data-a.avro"));

    assertThat(result.snapshots()).extracting(Snapshot::id).containsExactly(1L);
    assertThat(store.attempted()).hasSize(1);
    assertThat(t.latestId()).isEqualTo(1);
    assertThat(t.latest().commitIdentifier()).isEqualTo(7);
    assertThat(t.unreferencedManifestFiles()).isEmpty();
  }

  @Test
  void retriesAfterAnUnknownOutcomeWhenAnotherWritersSnapshotHoldsTheId() {
    TestTable t = table();
    FlakySnapshotStore unknown = FlakySnapshotStore.unknownWithoutPublishingOnFirst(1, t);
    SnapshotStore store =
        new SnapshotStore() {
          @Override
          public java.util.Optional<Snapshot> latest() {
            return unknown.latest();
          }

          @Override
          public java.util.Optional<Snapshot> findSnapshot(long id) {
            return unknown.findSnapshot(id);
          }

          @Override
          public void publish(Snapshot next) {
            if (unknown.attempted().isEmpty()) {
              t.committer().commit(appendOneFile("other-writer", 1, "data-other.avro"));
            }
            unknown.publish(next);
          }
        };

    CommitResult result = t.committer(store).commit(appendOneFile("writer", 1, "data-mine.avro"));

    assertThat(result.snapshots()).extracting(Snapshot::id).containsExactly(2L);
    assertThat(result.attempts()).isEqualTo(2);
    assertThat(t.unreferencedManifestFiles()).isEmpty();
    assertThat(t.liveFiles()).containsExactly("data-mine.avro@L0", "data-other.avro@L0");
  }

  @Test
  void splitsNewFilesAndACompactionIntoAppendThenCompactSnapshotsWithOneIdentifier() {
    TestTable t = table();
    TableCommitter committer = t.committer();
    DataFileMeta a = t.dataFile("2024-01-01", 0, "data-a.avro", 0, 1, 5, 10);
    committer.commit(changes("writer", 1, t.newFiles("2024-01-01", 0, a)));
    DataFileMeta b = t.dataFile("2024-01-01", 0, "data-b.avro", 0, 3, 9, 4);
    DataFileMeta merged = t.dataFile("2024-01-01", 0, "data-merged.avro", 5, 1, 9, 12);

    CommitResult result =
        committer.commit(
            changes(
                "writer",
                2,
                new BucketChange(
                    t.partition("2024-01-01"),
                    0,
                    2,
                    List.of(b),
                    List.of(a, b),
                    List.of(merged),
                    List.of())));

    assertThat(result.snapshots())
        .extracting(Snapshot::commitKind)
        .containsExactly(CommitKind.APPEND, CommitKind.COMPACT);
    assertThat(result.snapshots()).extracting(Snapshot::commitIdentifier).containsOnly(2L);
    assertThat(result.snapshots()).extracting(Snapshot::id).containsExactly(2L, 3L);
    assertThat(result.snapshots()).extracting(Snapshot::deltaRecordCount).containsExactly(4L, -2L);
    assertThat(result.snapshots()).extracting(Snapshot::totalRecordCount).containsExactly(14L, 12L);
    assertThat(t.snapshotFiles().deltaEntries(result.snapshots().get(1)))
        .extracting(ManifestEntry::kind)
        .containsExactly(FileKind.DELETE, FileKind.DELETE, FileKind.ADD);
    assertThat(t.liveFiles()).containsExactly("data-merged.avro@L5");
  }

  @Test
  void upgradesAFileToAnotherLevelAsDeleteAndAdd() {
    TestTable t = table();
    TableCommitter committer = t.committer();
    DataFileMeta a = t.dataFile("2024-01-01", 0, "data-a.avro", 0, 1, 5, 10);
    committer.commit(changes("writer", 1, t.newFiles("2024-01-01", 0, a)));

    committer.commit(
        changes(
            "compactor", 1, t.compaction("2024-01-01", 0, List.of(a), List.of(a.withLevel(5)))));

    assertThat(t.liveFiles()).containsExactly("data-a.avro@L5");
    assertThat(t.latest().totalRecordCount()).isEqualTo(10);
    assertThat(t.latest().deltaRecordCount()).isZero();
  }

  @Test
  void refusesToDeleteAFileAnotherWriterAlreadyCompactedAway() {
    TestTable t = table();
    DataFileMeta a = t.dataFile("2024-01-01", 0, "data-a.avro", 0, 1, 5, 10);
    t.committer().commit(changes("writer", 1, t.newFiles("2024-01-01", 0, a)));
    DataFileMeta first = t.dataFile("2024-01-01", 0, "data-first.avro", 5, 1, 5, 10);
    DataFileMeta second = t.dataFile("2024-01-01", 0, "data-second.avro", 5, 1, 5, 10);
    t.committer()
        .commit(
            changes("compactor-1", 1, t.compaction("2024-01-01", 0, List.of(a), List.of(first))));
    Set<String> manifestsBefore = t.unreferencedManifestFiles();

    assertThatThrownBy(
            () ->
                t.committer()
                    .commit(
                        changes(
                            "compactor-2",
                            1,
                            t.compaction("2024-01-01", 0, List.of(a), List.of(second)))))
        .isInstanceOf(ConflictingChangesException.class)
        .hasMessageContaining("File deletion conflicts detected! Give up committing.")
        .hasMessageContaining("data-a.avro")
        .satisfies(
            e -> {
              assertThat(((ConflictingChangesException) e).conflict())
                  .isEqualTo(Conflict.FILE_DELETION);
              assertThat(((ConflictingChangesException) e).fileNames())
                  .containsExactly("dt=2024-01-01/bucket-0/data-a.avro@L0");
            });
    assertThat(t.latestId()).isEqualTo(2);
    assertThat(t.unreferencedManifestFiles()).isEqualTo(manifestsBefore).isEmpty();
    assertThat(t.liveFiles()).containsExactly("data-first.avro@L5");
  }

  @Test
  void deletesAFileThatIsLiveInAnotherPartitionOnlyThere() {
    TestTable t = table();
    DataFileMeta a = t.dataFile("2024-01-01", 0, "data-a.avro", 0, 1, 5, 10);
    t.committer().commit(changes("writer", 1, t.newFiles("2024-01-01", 0, a)));

    assertThatThrownBy(
            () ->
                t.committer()
                    .commit(
                        changes(
                            "compactor", 1, t.compaction("2024-01-02", 0, List.of(a), List.of()))))
        .isInstanceOf(ConflictingChangesException.class)
        .hasMessageContaining("dt=2024-01-02/bucket-0/data-a.avro");
  }

  @Test
  void rejectsFilesWhoseKeyRangesOverlapInOneLevel() {
    TestTable t = table();
    DataFileMeta low = t.dataFile("2024-01-01", 0, "data-low.avro", 4, 1, 5, 10);
    t.committer()
        .commit(changes("compactor", 1, t.compaction("2024-01-01", 0, List.of(), List.of(low))));
    DataFileMeta overlapping = t.dataFile("2024-01-01", 0, "data-overlap.avro", 4, 5, 9, 10);
    DataFileMeta disjoint = t.dataFile("2024-01-01", 0, "data-high.avro", 4, 6, 9, 10);
    DataFileMeta otherLevel = t.dataFile("2024-01-01", 0, "data-l3.avro", 3, 1, 9, 10);

    assertThatThrownBy(
            () ->
                t.committer()
                    .commit(
                        changes(
                            "compactor",
                            2,
                            t.compaction("2024-01-01", 0, List.of(), List.of(overlapping)))))
        .isInstanceOf(ConflictingChangesException.class)
        .hasMessageContaining("LSM conflicts detected!")
        .hasMessageContaining("data-low.avro")
        .hasMessageContaining("data-overlap.avro");
    t.committer()
        .commit(
            changes(
                "compactor",
                3,
                t.compaction("2024-01-01", 0, List.of(), List.of(disjoint, otherLevel))));
    assertThat(t.liveFiles())
        .containsExactly("data-high.avro@L4", "data-l3.avro@L3", "data-low.avro@L4");
  }

  @Test
  void rejectsAnotherBucketCountForAPartitionUnlessOverwriting() {
    TestTable t = table();
    t.committer().commit(appendOneFile("writer", 1, "data-a.avro"));
    DataFileMeta b = t.dataFile("2024-01-01", 0, "data-b.avro", 0, 1, 5, 10);
    ChangeSet fourBuckets =
        changes("writer", 2, BucketChange.appended(t.partition("2024-01-01"), 0, 4, List.of(b)));
    TableCommitter committer = t.committer();

    assertThatThrownBy(() -> committer.filterAndCommit(List.of(fourBuckets)))
        .isInstanceOf(ConflictingChangesException.class)
        .hasMessageContaining("Total buckets of partition dt=2024-01-01");
    committer.commitOverwrite(fourBuckets, PartitionFilter.all());
    assertThat(t.liveFiles()).containsExactly("data-b.avro@L0");
  }

  @Test
  void replayingCommittedIdentifiersWritesNothing() {
    TestTable t = table();
    TableCommitter committer = t.committer();
    List<ChangeSet> sets =
        List.of(appendOneFile("job", 1, "data-1.avro"), appendOneFile("job", 2, "data-2.avro"));
    sets.forEach(committer::commit);
    List<Path> manifests = t.io.list(t.paths.manifestDir());

    List<CommitResult> replayed = t.committer().filterAndCommit(sets);

    assertThat(replayed).isEmpty();
    assertThat(t.latestId()).isEqualTo(2);
    assertThat(t.io.list(t.paths.manifestDir())).isEqualTo(manifests);
  }

  @Test
  void filterAndCommitCommitsOnlyIdentifiersNewerThanTheUsersLatestSnapshot() {
    TestTable t = table();
    TableCommitter committer = t.committer();
    committer.commit(appendOneFile("job", 1, "data-1.avro"));
    committer.commit(appendOneFile("other-job", 9, "data-other.avro"));

    List<CommitResult> results =
        t.committer()
            .filterAndCommit(
                List.of(
                    appendOneFile("job", 3, "data-3.avro"),
                    appendOneFile("job", 1, "data-1.avro"),
                    appendOneFile("job", 2, "data-2.avro")));

    assertThat(results).extracting(CommitResult::commitIdentifier).containsExactly(2L, 3L);
    assertThat(t.liveFiles())
        .containsExactly(
            "data-1.avro@L0", "data-2.avro@L0", "data-3.avro@L0", "data-other.avro@L0");
  }

  @Test
  void filterAndCommitRefusesToAddALiveFileTwice() {
    TestTable t = table();
    t.committer().commit(appendOneFile("old-job", 1, "data-1.avro"));

    assertThatThrownBy(
            () ->
                t.committer().filterAndCommit(List.of(appendOneFile("new-job", 1, "data-1.avro"))))
        .isInstanceOf(ConflictingChangesException.class)
        .hasMessageContaining("already added")
        .hasMessageContaining("data-1.avro");
    assertThat(t.latestId()).isEqualTo(1);
  }

  @Test
  void filterAndCommitFailsWhenAFileToRecommitWasDeleted() {
    TestTable t = table();
    ChangeSet changes = appendOneFile("job", 1, "data-1.avro");
    t.io.delete(t.dataPath("2024-01-01", 0, "data-1.avro"));

    assertThatThrownBy(() -> t.committer().filterAndCommit(List.of(changes)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("data-1.avro")
        .hasMessageContaining("Cannot recover commit 1 of commit user job");
    assertThat(t.latestId()).isZero();
  }

  @Test
  void filterAndCommitRejectsChangeSetsOfSeveralUsers() {
    TestTable t = table();
    assertThatThrownBy(
            () ->
                t.committer()
                    .filterAndCommit(
                        List.of(
                            appendOneFile("a", 1, "data-1.avro"),
                            appendOneFile("b", 1, "data-2.avro"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("a and b");
  }

  @Test
  void overwriteReplacesTheLiveFilesOfTheMatchingPartitionsOnly() {
    TestTable t = table();
    TableCommitter committer = t.committer();
    committer.commit(
        changes(
            "job",
            1,
            t.newFiles("2024-01-01", 0, t.dataFile("2024-01-01", 0, "data-a.avro", 0, 1, 5, 10)),
            t.newFiles("2024-01-01", 1, t.dataFile("2024-01-01", 1, "data-b.avro", 0, 1, 5, 3)),
            t.newFiles("2024-01-02", 0, t.dataFile("2024-01-02", 0, "data-c.avro", 0, 1, 5, 7))));

    CommitResult result =
        committer.commitOverwrite(
            changes(
                "batch",
                Long.MAX_VALUE,
                t.newFiles(
                    "2024-01-01", 1, t.dataFile("2024-01-01", 1, "data-new.avro", 0, 1, 5, 2))),
            PartitionFilter.matching(t.schema, Map.of("dt", "2024-01-01")));

    Snapshot s = result.snapshots().get(0);
    assertThat(s.commitKind()).isEqualTo(CommitKind.OVERWRITE);
    assertThat(s.deltaRecordCount()).isEqualTo(-11);
    assertThat(s.totalRecordCount()).isEqualTo(9);
    assertThat(t.liveFiles()).containsExactly("data-c.avro@L0", "data-new.avro@L0");
  }

  @Test
  void overwriteOfEveryPartitionWithoutNewFilesTruncatesTheTable() {
    TestTable t = table();
    t.committer().commit(appendOneFile("job", 1, "data-a.avro"));

    t.committer().commitOverwrite(changes("batch", Long.MAX_VALUE), PartitionFilter.all());

    assertThat(t.liveFiles()).isEmpty();
    assertThat(t.latest().totalRecordCount()).isZero();
  }

  @Test
  void overwriteRejectsACompaction() {
    TestTable t = table();
    assertThatThrownBy(
            () ->
                t.committer()
                    .commitOverwrite(
                        changes(
                            "batch",
                            1,
                            t.compaction(
                                "2024-01-01",
                                0,
                                List.of(),
                                List.of(t.file("data-x.avro", 5, 1, 2, 1)))),
                        PartitionFilter.all()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("compaction");
  }

  @Test
  void anEmptyStreamingCommitMakesAnEmptySnapshotAndAnEmptyBatchCommitNone() {
    TestTable t = table();
    TableCommitter committer = t.committer();

    CommitResult streaming = committer.commit(changes("job", 5));
    CommitResult batch = committer.commit(changes("batch", Long.MAX_VALUE));

    assertThat(streaming.snapshots())
        .singleElement()
        .satisfies(
            s -> {
              assertThat(s.commitKind()).isEqualTo(CommitKind.APPEND);
              assertThat(s.deltaRecordCount()).isZero();
              assertThat(t.snapshotFiles().manifestList(s.deltaManifestList())).isEmpty();
            });
    assertThat(batch.snapshots()).isEmpty();
    assertThat(t.latestId()).isEqualTo(1);
  }

  @Test
  void writesChangelogFilesIntoTheChangelogListOfTheAppendSnapshot() {
    TestTable t = table();
    DataFileMeta data = t.dataFile("2024-01-01", 0, "data-a.avro", 0, 1, 5, 10);
    DataFileMeta changelog = t.dataFile("2024-01-01", 0, "changelog-a.avro", 0, 1, 5, 6);

    Snapshot s =
        t.committer()
            .commit(
                changes(
                    "job",
                    1,
                    new BucketChange(
                        t.partition("2024-01-01"),
                        0,
                        2,
                        List.of(data),
                        List.of(),
                        List.of(),
                        List.of(changelog))))
            .snapshots()
            .get(0);

    assertThat(s.changelogManifestList()).isNotNull();
    assertThat(s.changelogRecordCount()).isEqualTo(6);
    assertThat(t.snapshotFiles().changelogEntries(s))
        .extracting(ManifestEntry::fileName)
        .containsExactly("changelog-a.avro");
    assertThat(t.liveFiles()).containsExactly("data-a.avro@L0");
  }

  @Test
  void mergesSmallBaseManifestsOnceMergeMinCountIsReachedAndKeepsTheLiveFiles(@TempDir Path other) {
    TestTable t = TestTable.create(other, Map.of("manifest.merge-min-count", "3"));
    TableCommitter committer = t.committer();
    for (int i = 1; i <= 8; i++) {
      committer.commit(
          changes(
              "job",
              i,
              t.newFiles(
                  "2024-01-01",
                  0,
                  t.dataFile("2024-01-01", 0, "data-" + i + ".avro", 0, i, i, 1))));
    }
    // Compact everything away, then keep appending: merging the run from the list start drops the
    // pairs.
    List<DataFileMeta> all = t.liveFilesMeta();
    committer.commit(
        changes(
            "compactor",
            1,
            t.compaction(
                "2024-01-01",
                0,
                all,
                List.of(t.dataFile("2024-01-01", 0, "data-all.avro", 5, 1, 8, 8)))));
    for (int i = 9; i <= 12; i++) {
      committer.commit(
          changes(
              "job",
              i,
              t.newFiles(
                  "2024-01-01",
                  0,
                  t.dataFile("2024-01-01", 0, "data-" + i + ".avro", 0, i, i, 1))));
    }

    Snapshot latest = t.latest();
    SnapshotFiles files = t.snapshotFiles();
    assertThat(files.manifestList(latest.baseManifestList()).size()).isLessThanOrEqualTo(3);
    assertThat(files.entries(latest.baseManifestList()))
        .extracting(ManifestEntry::kind)
        .containsOnly(FileKind.ADD);
    assertThat(t.liveFiles())
        .containsExactly(
            "data-10.avro@L0",
            "data-11.avro@L0",
            "data-12.avro@L0",
            "data-9.avro@L0",
            "data-all.avro@L5");
    assertThat(latest.totalRecordCount()).isEqualTo(12);
    assertThat(t.unreferencedManifestFiles()).isEmpty();
  }

  @Test
  void assignsRowIdsToNewFilesWhenRowTrackingIsEnabled(@TempDir Path other) {
    TestTable t = TestTable.create(other, Map.of("row-tracking.enabled", "true"));
    TableCommitter committer = t.committer();
    committer.commit(
        changes(
            "job",
            1,
            t.newFiles("2024-01-01", 0, t.dataFile("2024-01-01", 0, "data-a.avro", 0, 1, 5, 10))));
    Snapshot second =
        committer
            .commit(
                changes(
                    "job",
                    2,
                    t.newFiles(
                        "2024-01-01", 0, t.dataFile("2024-01-01", 0, "data-b.avro", 0, 1, 5, 4))))
            .snapshots()
            .get(0);

    assertThat(second.nextRowId()).isEqualTo(14);
    assertThat(t.snapshotFiles().deltaEntries(second))
        .singleElement()
        .satisfies(e -> assertThat(e.file().firstRowId()).isEqualTo(10));
  }

  @Test
  void restoresTheLiveFilesOfAnEarlierSnapshotAsANewOverwriteSnapshot() {
    TestTable t = table();
    TableCommitter committer = t.committer();
    DataFileMeta a = t.dataFile("2024-01-01", 0, "data-a.avro", 0, 1, 5, 10);
    Snapshot first =
        committer.commit(changes("job", 1, t.newFiles("2024-01-01", 0, a))).snapshots().get(0);
    committer.commit(
        changes(
            "job",
            2,
            t.newFiles("2024-01-01", 0, t.dataFile("2024-01-01", 0, "data-b.avro", 0, 1, 5, 4))));
    committer.commit(
        changes(
            "compactor", 1, t.compaction("2024-01-01", 0, List.of(a), List.of(a.withLevel(5)))));

    Snapshot restored = committer.commitRestore(first, "rollback").snapshots().get(0);

    assertThat(restored.id()).isEqualTo(4);
    assertThat(restored.commitKind()).isEqualTo(CommitKind.OVERWRITE);
    assertThat(restored.totalRecordCount()).isEqualTo(first.totalRecordCount());
    // a@L0 was deleted by the level upgrade: it comes back as a copy under a new name.
    List<ManifestEntry> live = t.snapshotFiles().liveFiles(restored).files();
    assertThat(live)
        .singleElement()
        .satisfies(
            e -> {
              assertThat(e.fileName())
                  .isNotEqualTo("data-a.avro")
                  .startsWith("data-")
                  .endsWith(".avro");
              assertThat(e.file().toBuilder().fileName("data-a.avro").build()).isEqualTo(a);
              assertThat(t.io.readBytes(t.dataPath("2024-01-01", 0, e.fileName())))
                  .isEqualTo(t.io.readBytes(t.dataPath("2024-01-01", 0, "data-a.avro")));
            });
    assertThat(t.snapshotFiles().deltaEntries(restored))
        .extracting(e -> e.kind() + " " + e.fileName() + "@L" + e.level())
        .containsExactly(
            "DELETE data-b.avro@L0",
            "DELETE data-a.avro@L5",
            "ADD " + live.get(0).fileName() + "@L0");
  }

  @Test
  void refusesToAddBackAFileItDeletesBecausePaimonReadersWouldDropIt() {
    TestTable t = table();
    DataFileMeta a = t.dataFile("2024-01-01", 0, "data-a.avro", 0, 1, 5, 10);
    t.committer().commit(changes("job", 1, t.newFiles("2024-01-01", 0, a)));

    assertThatThrownBy(
            () ->
                t.committer()
                    .commit(
                        changes(
                            "compactor", 1, t.compaction("2024-01-01", 0, List.of(a), List.of(a)))))
        .isInstanceOf(ConflictingChangesException.class)
        .hasMessageContaining("data-a.avro")
        .satisfies(
            e ->
                assertThat(((ConflictingChangesException) e).conflict())
                    .isEqualTo(Conflict.DUPLICATE_ADD));
  }

  @Test
  void overwriteKeepsANewFileThatIsAlreadyLiveInsteadOfDeletingAndAddingIt() {
    TestTable t = table();
    DataFileMeta a = t.dataFile("2024-01-01", 0, "data-a.avro", 0, 1, 5, 10);
    DataFileMeta b = t.dataFile("2024-01-01", 0, "data-b.avro", 0, 6, 7, 2);
    t.committer().commit(changes("job", 1, t.newFiles("2024-01-01", 0, a, b)));

    Snapshot s =
        t.committer()
            .commitOverwrite(
                changes("batch", Long.MAX_VALUE, t.newFiles("2024-01-01", 0, a)),
                PartitionFilter.all())
            .snapshots()
            .get(0);

    assertThat(t.snapshotFiles().deltaEntries(s))
        .extracting(e -> e.kind() + " " + e.fileName())
        .containsExactly("DELETE data-b.avro");
    assertThat(t.liveFiles()).containsExactly("data-a.avro@L0");
  }
}
