package dev.lakeops.table.commit;

import static dev.lakeops.table.commit.TestTable.changes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.commit.BucketChange.IndexChanges;
import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.CommitKind;
import dev.lakeops.table.meta.DataFileMeta;
import dev.lakeops.table.meta.DeletionVectorRange;
import dev.lakeops.table.meta.FileKind;
import dev.lakeops.table.meta.IndexFileMeta;
import dev.lakeops.table.meta.IndexManifestEntry;
import dev.lakeops.table.meta.Snapshot;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Index files (hash index, deletion vectors) handed over in a change set, committed. */
class IndexFileCommitTest {

  @TempDir Path dir;

  private static IndexChanges add(IndexFileMeta... files) {
    return new IndexChanges(List.of(files), List.of());
  }

  private static IndexFileMeta dv(String name, String dataFile) {
    return IndexFileMeta.deletionVectors(
        name, 24, List.of(new DeletionVectorRange(dataFile, 1, 20, 3L)));
  }

  private List<String> indexFiles(TestTable t, Snapshot s) {
    if (s.indexManifest() == null) {
      return List.of();
    }
    return t.snapshotFiles().manifests().readIndexManifest(s.indexManifest()).stream()
        .map(e -> e.bucket() + ":" + e.indexType() + ":" + e.fileName())
        .toList();
  }

  @Test
  void aWriteWithAHashIndexMakesAnAppendSnapshotWithANewIndexManifest() {
    TestTable t = TestTable.create(dir);
    DataFileMeta a = t.dataFile("2024-01-01", 0, "data-a.parquet", 0, 1, 9, 10);
    BucketChange change =
        t.newFiles("2024-01-01", 0, a)
            .withNewIndexFiles(add(IndexFileMeta.hash("index-h-0", 40, 10)));

    Snapshot s = t.committer().commit(changes("w", 1, change)).snapshots().get(0);

    assertThat(s.commitKind()).isEqualTo(CommitKind.APPEND);
    assertThat(indexFiles(t, s)).containsExactly("0:HASH:index-h-0");
    IndexManifestEntry e =
        t.snapshotFiles().manifests().readIndexManifest(s.indexManifest()).get(0);
    assertThat(e.kind()).isEqualTo(FileKind.ADD);
    assertThat(e.partition()).isEqualTo(t.partition("2024-01-01"));
    assertThat(e.rowCount()).isEqualTo(10);
    assertThat(e.fileSize()).isEqualTo(40);
  }

  @Test
  void aCommitWithoutIndexChangesKeepsTheIndexManifestFile() {
    TestTable t = TestTable.create(dir);
    TableCommitter committer = t.committer();
    BucketChange first =
        t.newFiles("2024-01-01", 0, t.dataFile("2024-01-01", 0, "data-a.parquet", 0, 1, 9, 10))
            .withNewIndexFiles(add(IndexFileMeta.hash("index-h-0", 40, 10)));
    Snapshot s1 = committer.commit(changes("w", 1, first)).snapshots().get(0);
    BucketChange second =
        t.newFiles("2024-01-01", 1, t.dataFile("2024-01-01", 1, "data-b.parquet", 0, 1, 9, 10));
    Snapshot s2 = committer.commit(changes("w", 2, second)).snapshots().get(0);

    assertThat(s2.indexManifest()).isEqualTo(s1.indexManifest());
  }

  @Test
  void anAddedFileReplacesItsBucketsFileOfTheSameTypeAndOthersStay() {
    TestTable t = TestTable.create(dir);
    TableCommitter committer = t.committer();
    BucketChange b0 =
        t.newFiles("2024-01-01", 0, t.dataFile("2024-01-01", 0, "data-a.parquet", 0, 1, 9, 10))
            .withNewIndexFiles(add(IndexFileMeta.hash("index-h-0", 40, 10)));
    BucketChange b1 =
        t.newFiles("2024-01-01", 1, t.dataFile("2024-01-01", 1, "data-b.parquet", 0, 1, 9, 10))
            .withNewIndexFiles(add(IndexFileMeta.hash("index-h-1", 40, 10)));
    committer.commit(changes("w", 1, b0, b1));
    IndexFileMeta old = IndexFileMeta.hash("index-h-0", 40, 10);
    BucketChange again =
        t.newFiles("2024-01-01", 0, t.dataFile("2024-01-01", 0, "data-c.parquet", 0, 10, 19, 10))
            .withNewIndexFiles(
                new IndexChanges(List.of(IndexFileMeta.hash("index-h-0b", 80, 20)), List.of(old)));

    Snapshot s = committer.commit(changes("w", 2, again)).snapshots().get(0);

    assertThat(indexFiles(t, s)).containsExactlyInAnyOrder("0:HASH:index-h-0b", "1:HASH:index-h-1");
  }

  @Test
  void aCompactionsDeletionVectorsGoIntoTheCompactSnapshot() {
    TestTable t = TestTable.create(dir);
    TableCommitter committer = t.committer();
    DataFileMeta a = t.dataFile("2024-01-01", 0, "data-a.parquet", 0, 1, 9, 10);
    DataFileMeta b = t.dataFile("2024-01-01", 0, "data-b.parquet", 0, 1, 9, 10);
    DataFileMeta ab = t.dataFile("2024-01-01", 0, "data-ab.parquet", 5, 1, 9, 10);
    committer.commit(changes("w", 1, t.newFiles("2024-01-01", 0, a, b)));
    BucketChange compaction =
        t.compaction("2024-01-01", 0, List.of(a, b), List.of(ab))
            .withCompactIndexFiles(add(dv("index-dv-0", "data-ab.parquet")));

    List<Snapshot> snapshots = committer.commit(changes("w", 2, compaction)).snapshots();

    assertThat(snapshots).extracting(Snapshot::commitKind).containsExactly(CommitKind.COMPACT);
    assertThat(indexFiles(t, snapshots.get(0))).containsExactly("0:DELETION_VECTORS:index-dv-0");
    IndexManifestEntry e =
        t.snapshotFiles().manifests().readIndexManifest(snapshots.get(0).indexManifest()).get(0);
    assertThat(e.deletionVectorRanges())
        .containsExactly(new DeletionVectorRange("data-ab.parquet", 1, 20, 3L));
  }

  @Test
  void aCompactionThatOnlyChangesDeletionVectorsStillCommits() {
    TestTable t = TestTable.create(dir);
    TableCommitter committer = t.committer();
    committer.commit(
        changes(
            "w",
            1,
            t.newFiles(
                "2024-01-01", 0, t.dataFile("2024-01-01", 0, "data-a.parquet", 5, 1, 9, 10))));
    BucketChange onlyDv =
        new BucketChange(
                t.partition("2024-01-01"), 0, 2, List.of(), List.of(), List.of(), List.of())
            .withCompactIndexFiles(add(dv("index-dv-0", "data-a.parquet")));

    List<Snapshot> snapshots = committer.commit(changes("w", 2, onlyDv)).snapshots();

    assertThat(snapshots).extracting(Snapshot::commitKind).containsExactly(CommitKind.COMPACT);
    assertThat(indexFiles(t, snapshots.get(0))).containsExactly("0:DELETION_VECTORS:index-dv-0");
  }

  @Test
  void anOverwriteDropsTheIndexFilesOfTheOverwrittenPartitionsOnly() {
    TestTable t = TestTable.create(dir);
    TableCommitter committer = t.committer();
    BucketChange p1 =
        t.newFiles("2024-01-01", 0, t.dataFile("2024-01-01", 0, "data-a.parquet", 0, 1, 9, 10))
            .withNewIndexFiles(add(IndexFileMeta.hash("index-h-p1", 40, 10)));
    BucketChange p2 =
        t.newFiles("2024-01-02", 0, t.dataFile("2024-01-02", 0, "data-b.parquet", 0, 1, 9, 10))
            .withNewIndexFiles(add(IndexFileMeta.hash("index-h-p2", 40, 10)));
    committer.commit(changes("w", 1, p1, p2));

    CommitResult result =
        committer.commitOverwrite(
            changes(
                "batch",
                Long.MAX_VALUE,
                t.newFiles(
                    "2024-01-01", 0, t.dataFile("2024-01-01", 0, "data-c.parquet", 0, 1, 9, 10))),
            PartitionFilter.matching(t.schema, Map.of("dt", "2024-01-01")));

    Snapshot s = result.snapshots().get(0);
    assertThat(s.commitKind()).isEqualTo(CommitKind.OVERWRITE);
    List<IndexManifestEntry> entries =
        t.snapshotFiles().manifests().readIndexManifest(s.indexManifest());
    assertThat(entries).extracting(IndexManifestEntry::fileName).containsExactly("index-h-p2");
    assertThat(entries.get(0).partition()).isEqualTo(t.partition("2024-01-02"));
  }

  @Test
  void combinerKeepsDeletionVectorsOfBucketUnawareTablesPerFile() {
    BinaryRow p = BinaryRow.EMPTY;
    IndexManifestEntry one = IndexManifestEntry.of(FileKind.ADD, p, 0, dv("index-1", "data-1"));
    IndexManifestEntry two = IndexManifestEntry.of(FileKind.ADD, p, 0, dv("index-2", "data-2"));

    assertThat(IndexManifestCombiner.combine(List.of(one), List.of(two), true))
        .containsExactly(one, two);
    assertThat(IndexManifestCombiner.combine(List.of(one), List.of(two), false))
        .containsExactly(two);
    assertThat(
            IndexManifestCombiner.combine(
                List.of(one, two), List.of(one.withKind(FileKind.DELETE)), true))
        .containsExactly(two);
  }

  @Test
  void combinerRefusesADeleteEntryInTheBaseList() {
    IndexManifestEntry deleted =
        IndexManifestEntry.of(
            FileKind.DELETE, BinaryRow.EMPTY, 0, IndexFileMeta.hash("index-x", 4, 1));

    assertThatThrownBy(() -> IndexManifestCombiner.combine(List.of(deleted), List.of(), false))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("index-x")
        .hasMessageContaining("DELETE");
  }

  @Test
  void indexFileMetaRefusesNegativeSizes() {
    assertThatThrownBy(() -> IndexFileMeta.hash("index-y", -1, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("index-y");
  }
}
