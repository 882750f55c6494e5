package dev.lakeops.table.compat;

import static dev.lakeops.table.compat.PaimonPkTable.DT1;
import static dev.lakeops.table.compat.PaimonPkTable.DT2;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.table.Table;
import dev.lakeops.table.consumer.Consumers;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.io.LocalFileIO;
import dev.lakeops.table.maintenance.ExpireRetention;
import dev.lakeops.table.maintenance.SnapshotExpiration;
import dev.lakeops.table.meta.Consumer;
import dev.lakeops.table.read.StreamPlan;
import dev.lakeops.table.read.StreamingScan;
import dev.lakeops.table.types.RowType;
import dev.lakeops.table.write.TableWrite;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.paimon.consumer.ConsumerManager;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.disk.IOManager;
import org.apache.paimon.options.ExpireConfig;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.TableCommitImpl;
import org.apache.paimon.table.sink.TableWriteImpl;
import org.apache.paimon.table.source.DataSplit;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.table.source.SnapshotNotExistPlan;
import org.apache.paimon.table.source.StreamTableScan;
import org.apache.paimon.table.source.TableScan;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Streaming reads across the engines: on tables Paimon 1.3.1 wrote (updates, deletes, a full
 * compaction; without a changelog producer and with Paimon's {@code input}, {@code lookup} and
 * {@code full-compaction} changelogs), lakeops' streaming read hands out, snapshot by snapshot, the
 * same rows with the same kinds as Paimon's own streaming read, from every starting snapshot and
 * from the default latest-full start; Paimon streams a table lakeops wrote as lakeops does; each
 * engine resumes from the other's consumer file; each engine's expiration keeps what the other's
 * consumer still needs.
 */
class StreamingReadCompatTest {

  private static final String JOB = "job-1";

  @TempDir Path dir;

  /** A plan's snapshot and its rows in canonical order. */
  private record Step(long snapshotId, List<String> rows) {}

  /**
   * Paimon writes seven snapshots' worth of commits: inserts, an update and a delete, a full
   * compaction, more updates and deletes. With {@code waitCompaction} the lookup and
   * full-compaction producers write their changelog in the commit that produces it.
   */
  private PaimonPkTable paimonHistory(Map<String, String> options) throws Exception {
    PaimonPkTable t = new PaimonPkTable(dir, options);
    write(t, 1, DT1 + ",1,a", DT1 + ",2,b", DT2 + ",1,c", DT2 + ",2,d");
    write(t, 2, DT1 + ",1,a2", "-" + DT2 + ",2", DT1 + ",3,e");
    write(t, 3, DT2 + ",3,f", DT2 + ",1,c2");
    t.fullCompact(JOB, 4);
    write(t, 5, "-" + DT1 + ",1", DT1 + ",2,b2", DT2 + ",4,g");
    write(t, 6, DT1 + ",2,b3", DT1 + ",2,b4");
    return t;
  }

  private static void write(PaimonPkTable t, long identifier, String... rows) throws Exception {
    FileStoreTable table = t.paimon();
    try (TableWriteImpl<?> write =
            table
                .newWrite(JOB)
                .withIOManager(IOManager.create(t.warehouse.resolve("io").toString()));
        TableCommitImpl commit = table.newCommit(JOB)) {
      for (String row : rows) {
        boolean delete = row.startsWith("-");
        String[] f = (delete ? row.substring(1) : row).split(",");
        int id = Integer.parseInt(f[1]);
        write.write(
            GenericRow.ofKind(
                delete
                    ? org.apache.paimon.types.RowKind.DELETE
                    : org.apache.paimon.types.RowKind.INSERT,
                BinaryString.fromString(f[0]),
                id,
                delete ? null : BinaryString.fromString(f[2]),
                delete ? null : id * 1.5));
      }
      commit.commit(identifier, write.prepareCommit(true, identifier));
    }
  }

  /**
   * Paimon's streaming read with {@code options} until it has caught up with the latest snapshot.
   */
  private static List<Step> paimonStream(FileStoreTable table, Map<String, String> options)
      throws Exception {
    ReadBuilder builder = table.copy(options).newReadBuilder();
    StreamTableScan scan = builder.newStreamScan();
    RowType rowType = DataFileValues.fromPaimon(table.rowType());
    long latest = table.snapshotManager().latestSnapshotId();
    List<Step> steps = new ArrayList<>();
    for (int calls = 0; calls < 1000; calls++) {
      TableScan.Plan plan = scan.plan();
      if (plan == SnapshotNotExistPlan.INSTANCE) {
        Long next = scan.checkpoint();
        if (next != null && next > latest) {
          return steps;
        }
        continue;
      }
      if (plan.splits().isEmpty()) {
        continue;
      }
      List<Row> rows = new ArrayList<>();
      try (RecordReader<InternalRow> reader = builder.newRead().createReader(plan)) {
        reader.forEachRemaining(r -> rows.add(DataFileValues.fromPaimonWithKind(r, rowType)));
      }
      steps.add(
          new Step(((DataSplit) plan.splits().get(0)).snapshotId(), PaimonReads.canonical(rows)));
    }
    throw new AssertionError("Paimon's streaming read did not catch up");
  }

  private static List<Step> lakeopsStream(Table table, Map<String, String> options) {
    StreamingScan scan = table.newStreamingScan(options);
    List<Step> steps = new ArrayList<>();
    for (Optional<StreamPlan> plan = scan.poll(); plan.isPresent(); plan = scan.poll()) {
      // as for Paimon's plans above: a starting read of a snapshot with no files gives no step
      if (plan.get().plan().splits().isEmpty()) {
        continue;
      }
      steps.add(
          new Step(
              plan.get().snapshotId(),
              PaimonReads.canonical(table.newRead().readAll(plan.get().plan()))));
    }
    return steps;
  }

  private static Table ours(PaimonPkTable t) {
    return Table.load(new LocalFileIO(), t.paths.root());
  }

  @ParameterizedTest
  @ValueSource(strings = {"none", "input", "lookup", "full-compaction"})
  void streamsThePlansPaimonStreamsFromEverySnapshotAndFromTheLatestFull(String producer)
      throws Exception {
    Map<String, String> options = new HashMap<>();
    options.put("changelog-producer", producer);
    if (producer.equals("full-compaction")) {
      options.put("full-compaction.delta-commits", "2");
    }
    PaimonPkTable t = paimonHistory(options);
    FileStoreTable theirs = t.paimon();
    Table table = ours(t);
    long latest = theirs.snapshotManager().latestSnapshotId();
    boolean someChanges = false;
    for (long from = 1; from <= latest; from++) {
      Map<String, String> start =
          Map.of("scan.mode", "from-snapshot", "scan.snapshot-id", Long.toString(from));
      List<Step> expected = paimonStream(theirs, start);
      someChanges |= !expected.isEmpty();
      assertThat(lakeopsStream(table, start))
          .as("%s from snapshot %s", producer, from)
          .isEqualTo(expected);
    }
    assertThat(someChanges).as("Paimon streamed some changes").isTrue();
    Map<String, String> full = Map.of("scan.mode", "latest-full");
    assertThat(lakeopsStream(table, full)).as("latest-full").isEqualTo(paimonStream(theirs, full));
    Map<String, String> fromFull =
        Map.of("scan.mode", "from-snapshot-full", "scan.snapshot-id", "2");
    assertThat(lakeopsStream(table, fromFull))
        .as("from-snapshot-full")
        .isEqualTo(paimonStream(theirs, fromFull));
  }

  @Test
  void paimonStreamsATableLakeopsWroteAsLakeopsDoes() throws Exception {
    PaimonPkTable t = new PaimonPkTable(dir, Map.of());
    Table table = ours(t);
    commit(table, 1, Row.of(DT1, 1, "a", 1.5), Row.of(DT2, 2, "b", 3.0));
    commit(table, 2, Row.of(DT1, 1, "a2", 1.5), Row.ofKind(RowKind.DELETE, DT2, 2, null, null));
    table.compact(
        JOB,
        dev.lakeops.table.commit.PartitionFilter.all(),
        dev.lakeops.table.write.CompactionMode.FULL);
    commit(table, 3, Row.of(DT2, 3, "c", 4.5));
    FileStoreTable theirs = t.paimon();
    for (long from = 1; from <= 4; from++) {
      Map<String, String> start =
          Map.of("scan.mode", "from-snapshot", "scan.snapshot-id", Long.toString(from));
      assertThat(lakeopsStream(table, start))
          .as("from snapshot %s", from)
          .isEqualTo(paimonStream(theirs, start))
          .isNotEmpty();
    }
  }

  private static void commit(Table table, long identifier, Row... rows) {
    try (TableWrite write = table.newWrite(JOB)) {
      for (Row r : rows) {
        write.write(r);
      }
      table.newCommit().commit(write.prepareCommit(identifier));
    }
  }

  @Test
  void eachEngineResumesFromTheOthersConsumerFile() throws Exception {
    PaimonPkTable t = paimonHistory(Map.of());
    FileStoreTable theirs = t.paimon();
    Table table = ours(t);

    // Paimon consumes snapshots 1 and 2 and checkpoints
    StreamTableScan paimonScan =
        theirs
            .copy(Map.of("scan.mode", "from-snapshot", "scan.snapshot-id", "1", "consumer-id", "p"))
            .newReadBuilder()
            .newStreamScan();
    paimonScan.plan(); // starting point
    paimonScan.plan(); // snapshot 1
    paimonScan.plan(); // snapshot 2
    paimonScan.notifyCheckpointComplete(paimonScan.checkpoint());
    assertThat(new Consumers(table.io(), table.paths()).find("p")).contains(new Consumer(3));
    StreamPlan resumed = table.newStreamingScan(Map.of("consumer-id", "p")).poll().orElseThrow();
    assertThat(resumed.snapshotId()).isEqualTo(3);

    // lakeops consumes snapshots 1..3 and checkpoints; Paimon resumes at 5 (4 is a compaction)
    StreamingScan scan =
        table.newStreamingScan(
            Map.of("scan.mode", "from-snapshot", "scan.snapshot-id", "1", "consumer-id", "l"));
    for (int i = 0; i < 3; i++) {
      scan.poll().orElseThrow();
    }
    scan.checkpoint();
    ConsumerManager consumers = new ConsumerManager(theirs.fileIO(), theirs.location());
    assertThat(consumers.consumer("l").orElseThrow().nextSnapshot()).isEqualTo(4);
    List<Step> paimonResumed = paimonStream(theirs, Map.of("consumer-id", "l"));
    assertThat(paimonResumed.get(0).snapshotId()).isEqualTo(5);
    assertThat(lakeopsStream(table, Map.of("consumer-id", "l"))).isEqualTo(paimonResumed);
  }

  @Test
  void eachEnginesExpirationKeepsWhatTheOthersConsumerStillNeeds() throws Exception {
    PaimonPkTable t = paimonHistory(Map.of());
    FileStoreTable theirs = t.paimon();
    Table table = ours(t);
    long latest = theirs.snapshotManager().latestSnapshotId();

    // a lakeops consumer at snapshot 3: Paimon's expiration keeps 3 and later
    new Consumers(table.io(), table.paths()).save("l", new Consumer(3));
    theirs
        .newExpireSnapshots()
        .config(
            ExpireConfig.builder()
                .snapshotRetainMin(1)
                .snapshotRetainMax(100)
                .snapshotTimeRetain(Duration.ZERO)
                .snapshotMaxDeletes(100)
                .build())
        .expire();
    assertThat(theirs.snapshotManager().earliestSnapshotId()).isEqualTo(3);
    List<Step> fromConsumer = lakeopsStream(table, Map.of("consumer-id", "l"));
    assertThat(fromConsumer.get(0).snapshotId()).isEqualTo(3);
    assertThat(fromConsumer).isEqualTo(paimonStream(t.paimon(), Map.of("consumer-id", "l")));

    // a Paimon consumer at snapshot 5: lakeops' expiration keeps 5 and later
    new ConsumerManager(theirs.fileIO(), theirs.location())
        .resetConsumer("p", new org.apache.paimon.consumer.Consumer(5));
    new Consumers(table.io(), table.paths()).delete("l");
    new SnapshotExpiration(table.io(), table.paths())
        .expire(new ExpireRetention(1, 100, Duration.ZERO, 100));
    assertThat(table.snapshotStore().findSnapshot(4)).isEmpty();
    assertThat(table.snapshotStore().findSnapshot(5)).isPresent();
    assertThat(t.paimon().snapshotManager().earliestSnapshotId()).isEqualTo(5);
    assertThat(lakeopsStream(table, Map.of("consumer-id", "p")))
        .isEqualTo(paimonStream(t.paimon(), Map.of("consumer-id", "p")))
        .hasSize((int) (latest - 4));
  }
}
