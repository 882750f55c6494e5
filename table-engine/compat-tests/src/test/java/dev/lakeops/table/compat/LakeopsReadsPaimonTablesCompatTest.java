package dev.lakeops.table.compat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.table.Table;
import dev.lakeops.table.read.Predicate;
import dev.lakeops.table.read.ScanPlan;
import dev.lakeops.table.read.TableScan;
import dev.lakeops.table.types.RowType;
import java.util.List;
import java.util.Map;
import org.apache.paimon.table.FileStoreTable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Paimon 1.3.1 writes (inserts, updates, deletes, several commits, a full compaction, an overwrite,
 * tags; Avro and Parquet; partitioned; fixed buckets; bucket-unaware append tables; deletion
 * vectors on primary-key tables, 32- and 64-bit, and on an append table with deletes); lakeops
 * reads exactly the rows Paimon reads at every snapshot and every tag, also through filters, and
 * the incremental delta between snapshots; on every {@link CompatStore selected store} (the local
 * disk, S3Proxy, MiniDFSCluster), Paimon and lakeops each on its own client.
 */
@ParameterizedClass(name = "on {0}")
@MethodSource("dev.lakeops.table.compat.CompatStore#selected")
@ExtendWith(CompatStoreServers.class)
class LakeopsReadsPaimonTablesCompatTest {

  @Parameter CompatStore store;
  private PaimonWarehouse warehouse;

  /** Paimon writes the tables once per store and JVM, shared with the system-table tests. */
  @BeforeEach
  void writeTablesWithPaimon() throws Exception {
    warehouse = SharedPaimonWarehouses.on(store);
  }

  static List<String> tables() {
    return PaimonWarehouse.allTables();
  }

  private Table ours(String name) {
    return warehouse.lakeops(name);
  }

  @ParameterizedTest
  @MethodSource("tables")
  void readsTheRowsPaimonReadsAtEverySnapshot(String name) throws Exception {
    FileStoreTable theirs = warehouse.table(name);
    Table table = ours(name);
    RowType rowType = DataFileValues.fromPaimon(theirs.rowType());
    long earliest = theirs.snapshotManager().earliestSnapshotId();
    long latest = theirs.snapshotManager().latestSnapshotId();
    for (long id = earliest; id <= latest; id++) {
      List<String> expected =
          PaimonReads.read(theirs, Map.of("scan.snapshot-id", Long.toString(id)), rowType);
      List<String> actual =
          PaimonReads.canonical(table.newRead().readAll(table.newScan().withSnapshot(id).plan()));
      assertThat(actual).as("%s at snapshot %s", name, id).isEqualTo(expected);
    }
    assertThat(PaimonReads.canonical(table.newRead().readAll(table.newScan().plan())))
        .as("%s latest", name)
        .isEqualTo(PaimonReads.read(theirs, Map.of(), rowType));
  }

  @ParameterizedTest
  @MethodSource("tables")
  void readsTheRowsPaimonReadsAtEveryTag(String name) throws Exception {
    FileStoreTable theirs = warehouse.table(name);
    Table table = ours(name);
    RowType rowType = DataFileValues.fromPaimon(theirs.rowType());
    for (String tag : theirs.tagManager().allTagNames()) {
      List<String> expected = PaimonReads.read(theirs, Map.of("scan.tag-name", tag), rowType);
      List<String> actual =
          PaimonReads.canonical(table.newRead().readAll(table.newScan().withTag(tag).plan()));
      assertThat(actual).as("%s at tag %s", name, tag).isEqualTo(expected);
    }
  }

  @ParameterizedTest
  @MethodSource("tables")
  void readsTheSnapshotPaimonPicksForATimestamp(String name) throws Exception {
    FileStoreTable theirs = warehouse.table(name);
    Table table = ours(name);
    RowType rowType = DataFileValues.fromPaimon(theirs.rowType());
    long time =
        theirs
            .snapshotManager()
            .snapshot(Math.min(2, theirs.snapshotManager().latestSnapshotId()))
            .timeMillis();
    List<String> expected =
        PaimonReads.read(theirs, Map.of("scan.timestamp-millis", Long.toString(time)), rowType);
    TableScan scan =
        table.newScan().withOptions(Map.of("scan.timestamp-millis", Long.toString(time)));
    assertThat(PaimonReads.canonical(table.newRead().readAll(scan.plan()))).isEqualTo(expected);
  }

  @ParameterizedTest
  @MethodSource("tables")
  void filtersAsPaimonReadsThemAfterMerging(String name) throws Exception {
    FileStoreTable theirs = warehouse.table(name);
    Table table = ours(name);
    RowType rowType = DataFileValues.fromPaimon(theirs.rowType());
    List<String> all = PaimonReads.read(theirs, Map.of(), rowType);
    Predicate filter =
        table.schema().partitionKeys().isEmpty()
            ? Predicate.isNotNull(table.schema().fieldNames().get(0))
            : Predicate.equal("dt", PaimonWarehouse.PARTITIONS.get(0));
    ScanPlan pruned = table.newScan().withFilter(filter).plan();
    List<String> actual = PaimonReads.canonical(table.newRead().withFilter(filter).readAll(pruned));

    assertThat(actual)
        .isEqualTo(
            all.stream()
                .filter(
                    r ->
                        table.schema().partitionKeys().isEmpty()
                            || r.contains(PaimonWarehouse.PARTITIONS.get(0)))
                .toList());
    if (!table.schema().partitionKeys().isEmpty()) {
      assertThat(pruned.splits())
          .allMatch(s -> !s.partition().equals(dev.lakeops.table.meta.BinaryRow.EMPTY));
      assertThat(pruned.fileCount()).isLessThan(table.newScan().plan().fileCount());
    }
  }

  @ParameterizedTest
  @MethodSource("tables")
  void readsTheIncrementalDeltaPaimonReadsBetweenTwoSnapshots(String name) throws Exception {
    FileStoreTable theirs = warehouse.table(name);
    Table table = ours(name);
    RowType rowType = DataFileValues.fromPaimon(theirs.rowType());
    long latest = theirs.snapshotManager().latestSnapshotId();
    for (long from = 1; from < latest; from++) {
      List<String> expected =
          PaimonReads.read(theirs, Map.of("incremental-between", from + "," + latest), rowType);
      List<String> actual =
          PaimonReads.canonical(
              table.newRead().readAll(table.newScan().planIncremental(from, latest)));
      assertThat(actual).as("%s between %s and %s", name, from, latest).isEqualTo(expected);
    }
  }

  /**
   * The deletion-vector tables are no vacuous case: some snapshot has vectors that mark rows of
   * files we read.
   */
  @ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(
      strings = {
        PaimonWarehouse.DELETION_VECTORS,
        PaimonWarehouse.DELETION_VECTORS_64,
        PaimonWarehouse.APPEND_DELETION_VECTORS
      })
  void deletionVectorTablesHaveSnapshotsWhoseVectorsMarkRowsThatAreRead(String name)
      throws Exception {
    FileStoreTable theirs = warehouse.table(name);
    Table table = ours(name);
    long marked = 0;
    for (long id = 1; id <= theirs.snapshotManager().latestSnapshotId(); id++) {
      for (dev.lakeops.table.read.DataSplit split :
          table.newScan().withSnapshot(id).plan().splits()) {
        marked += split.deletedRowCount();
      }
    }
    assertThat(marked).isPositive();
  }
}
