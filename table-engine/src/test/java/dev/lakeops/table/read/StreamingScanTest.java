package dev.lakeops.table.read;

import static dev.lakeops.table.catalog.TestTables.commit;
import static dev.lakeops.table.catalog.TestTables.order;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.TestTables;
import dev.lakeops.table.commit.PartitionFilter;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.maintenance.ExpireRetention;
import dev.lakeops.table.maintenance.SnapshotExpiration;
import dev.lakeops.table.meta.CommitKind;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.write.CompactionMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StreamingScanTest {

  private static final ExpireRetention KEEP_ONE = new ExpireRetention(1, 1000, Duration.ZERO, 50);

  @TempDir Path dir;

  private Table table;

  @BeforeEach
  void writeTwoCommits() {
    table = TestTables.orders(TestTables.warehouse(dir), "orders", Map.of());
    commit(table, 1, List.of(order("d1", 1, "a", 1.0), order("d2", 2, "b", 2.0)));
    commit(
        table,
        2,
        List.of(order("d1", 1, "a2", 1.5), Row.ofKind(RowKind.DELETE, "d2", 2, null, null)));
  }

  private List<Row> rows(StreamPlan plan) {
    return TestTables.sorted(table.newRead().readAll(plan.plan()));
  }

  private StreamPlan next(StreamingScan scan) {
    return scan.poll().orElseThrow(() -> new AssertionError("no plan"));
  }

  @Test
  void startsWithTheWholeLatestSnapshotThenFollowsEachCommitsChanges() {
    StreamingScan scan = table.newStreamingScan(Map.of());

    StreamPlan full = next(scan);
    assertThat(full.full()).isTrue();
    assertThat(full.snapshotId()).isEqualTo(2);
    assertThat(rows(full)).containsExactly(order("d1", 1, "a2", 1.5));
    assertThat(scan.poll()).isEmpty();

    commit(
        table,
        3,
        List.of(order("d2", 3, "c", 3.0), Row.ofKind(RowKind.DELETE, "d1", 1, null, null)));
    StreamPlan changes = next(scan);
    assertThat(changes.full()).isFalse();
    assertThat(changes.snapshotId()).isEqualTo(3);
    assertThat(rows(changes))
        .containsExactly(order("d2", 3, "c", 3.0), Row.ofKind(RowKind.DELETE, "d1", 1, null, null));
    assertThat(scan.poll()).isEmpty();
    assertThat(scan.nextSnapshotId()).hasValue(4);
  }

  @Test
  void fromASnapshotReadsTheChangesOfThatSnapshotFirstWithTheirRowKinds() {
    StreamingScan scan =
        table.newStreamingScan(Map.of("scan.mode", "from-snapshot", "scan.snapshot-id", "1"));

    StreamPlan first = next(scan);
    assertThat(first.snapshotId()).isEqualTo(1);
    assertThat(rows(first)).containsExactly(order("d1", 1, "a", 1.0), order("d2", 2, "b", 2.0));
    StreamPlan second = next(scan);
    assertThat(second.snapshotId()).isEqualTo(2);
    assertThat(rows(second))
        .containsExactly(
            order("d1", 1, "a2", 1.5), Row.ofKind(RowKind.DELETE, "d2", 2, null, null));
    assertThat(scan.poll()).isEmpty();
    // scan.snapshot-id alone selects from-snapshot, as Paimon's scan.mode=default does
    assertThat(next(table.newStreamingScan(Map.of("scan.snapshot-id", "2"))).snapshotId())
        .isEqualTo(2);
  }

  @Test
  void latestSkipsTheHistoryAndReadsOnlyNewCommits() {
    StreamingScan scan = table.newStreamingScan(Map.of("scan.mode", "latest"));
    assertThat(scan.poll()).isEmpty();
    assertThat(scan.nextSnapshotId()).hasValue(3);

    commit(table, 3, List.of(order("d2", 3, "c", 3.0)));
    assertThat(rows(next(scan))).containsExactly(order("d2", 3, "c", 3.0));
  }

  @Test
  void fromATimestampStartsAfterTheNewestSnapshotOlderThanIt() {
    Snapshot second = table.snapshotStore().findSnapshot(2).orElseThrow();
    StreamingScan atSecond =
        table.newStreamingScan(Map.of("scan.timestamp-millis", Long.toString(second.timeMillis())));
    assertThat(next(atSecond).snapshotId()).isEqualTo(2);

    StreamingScan afterAll =
        table.newStreamingScan(
            Map.of("scan.timestamp-millis", Long.toString(second.timeMillis() + 1)));
    assertThat(afterAll.poll()).isEmpty();
    assertThat(afterAll.nextSnapshotId()).hasValue(3);

    StreamingScan beforeAll = table.newStreamingScan(Map.of("scan.timestamp-millis", "0"));
    assertThat(next(beforeAll).snapshotId()).isEqualTo(1);
  }

  @Test
  void compactSnapshotsGiveNoChangesAndArePassedOver() {
    StreamingScan scan =
        table.newStreamingScan(Map.of("scan.mode", "from-snapshot", "scan.snapshot-id", "3"));
    table.compact("compactor", PartitionFilter.all(), CompactionMode.FULL);
    assertThat(table.latestSnapshot().orElseThrow().commitKind()).isEqualTo(CommitKind.COMPACT);
    commit(table, 3, List.of(order("d2", 5, "e", 5.0)));

    StreamPlan plan = next(scan);
    assertThat(plan.snapshotId()).isEqualTo(4);
    assertThat(rows(plan)).containsExactly(order("d2", 5, "e", 5.0));
  }

  @Test
  void fullStartFromASnapshotReadsThatSnapshotWhole() {
    StreamingScan scan =
        table.newStreamingScan(Map.of("scan.mode", "from-snapshot-full", "scan.snapshot-id", "1"));
    StreamPlan full = next(scan);
    assertThat(full.full()).isTrue();
    assertThat(rows(full)).containsExactly(order("d1", 1, "a", 1.0), order("d2", 2, "b", 2.0));
    assertThat(next(scan).snapshotId()).isEqualTo(2);
  }

  @Test
  void aConsumerRecordsItsPositionAtCheckpointsAndANewScanResumesThere() throws Exception {
    Map<String, String> options =
        Map.of("scan.mode", "from-snapshot", "scan.snapshot-id", "1", "consumer-id", "job1");
    StreamingScan scan = table.newStreamingScan(options);
    Path file = table.paths().consumerFile("job1");
    next(scan);
    assertThat(file).doesNotExist(); // nothing taken yet: no checkpoint
    scan.checkpoint();
    assertThat(Files.readString(file)).contains("\"nextSnapshot\"").contains("2");

    StreamingScan resumed = table.newStreamingScan(options);
    StreamPlan plan = next(resumed);
    assertThat(plan.snapshotId()).isEqualTo(2);

    StreamingScan ignoring =
        table.newStreamingScan(
            Map.of(
                "scan.mode", "from-snapshot",
                "scan.snapshot-id", "1",
                "consumer-id", "job1",
                "consumer.ignore-progress", "true"));
    assertThat(next(ignoring).snapshotId()).isEqualTo(1);
  }

  @Test
  void expirationKeepsTheSnapshotsAConsumerHasStillToRead() {
    for (int i = 3; i <= 6; i++) {
      commit(table, i, List.of(order("d1", 10 + i, "x", 1.0)));
    }
    StreamingScan scan =
        table.newStreamingScan(
            Map.of("scan.mode", "from-snapshot", "scan.snapshot-id", "1", "consumer-id", "c"));
    next(scan);
    next(scan);
    scan.checkpoint(); // next is 3

    new SnapshotExpiration(table.io(), table.paths()).expire(KEEP_ONE);

    assertThat(table.snapshotStore().findSnapshot(2)).isEmpty();
    assertThat(table.snapshotStore().findSnapshot(3)).isPresent();
    for (long id = 3; id <= 6; id++) {
      assertThat(next(scan).snapshotId()).isEqualTo(id);
    }
  }

  @Test
  void aSnapshotExpiredWhileTheReadIsBehindEndsItNamingTableAndSnapshot() {
    for (int i = 3; i <= 5; i++) {
      commit(table, i, List.of(order("d1", 10 + i, "x", 1.0)));
    }
    StreamingScan scan =
        table.newStreamingScan(Map.of("scan.mode", "from-snapshot", "scan.snapshot-id", "1"));
    next(scan);

    new SnapshotExpiration(table.io(), table.paths()).expire(KEEP_ONE);

    assertThatThrownBy(scan::poll)
        .isInstanceOf(OutOfRangeException.class)
        .hasMessageContaining("Snapshot 2 of table " + table.paths().root())
        .hasMessageContaining("has expired")
        .hasMessageContaining("snapshots 5..5 exist")
        .satisfies(e -> assertThat(((OutOfRangeException) e).snapshotId()).isEqualTo(2));
  }

  @Test
  void aStartingSnapshotThatExpiredStartsAtTheEarliestAsPaimonDoes() {
    commit(table, 3, List.of(order("d2", 3, "c", 3.0)));
    new SnapshotExpiration(table.io(), table.paths()).expire(KEEP_ONE);

    StreamingScan scan =
        table.newStreamingScan(Map.of("scan.mode", "from-snapshot", "scan.snapshot-id", "1"));
    assertThat(next(scan).snapshotId()).isEqualTo(3);
  }

  @Test
  void aConsumerPositionBeyondTheLatestSnapshotIsOutOfRange() {
    table
        .io()
        .writeAtomically(
            table.paths().consumerFile("stale"),
            "{\"nextSnapshot\":100}".getBytes(StandardCharsets.UTF_8));
    StreamingScan scan = table.newStreamingScan(Map.of("consumer-id", "stale"));

    assertThatThrownBy(scan::poll)
        .isInstanceOf(OutOfRangeException.class)
        .hasMessageContaining("Snapshot 100 of table " + table.paths().root())
        .hasMessageContaining("beyond the latest snapshot 2");
  }

  @Test
  void takeWaitsForTheNextCommitAndABoundedScanFinishes() throws Exception {
    StreamingScan scan =
        table
            .newStreamingScan(
                Map.of("scan.mode", "latest", "continuous.discovery-interval", "20 ms"))
            .withLastSnapshot(4);
    CompletableFuture<Optional<StreamPlan>> taken =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return scan.take();
              } catch (InterruptedException e) {
                throw new IllegalStateException(e);
              }
            });
    Thread.sleep(100);
    assertThat(taken).isNotDone();
    commit(table, 3, List.of(order("d2", 3, "c", 3.0)));
    assertThat(taken.get(10, TimeUnit.SECONDS).orElseThrow().snapshotId()).isEqualTo(3);

    commit(table, 4, List.of(order("d2", 4, "d", 4.0)));
    commit(table, 5, List.of(order("d2", 5, "e", 5.0)));
    assertThat(scan.take().orElseThrow().snapshotId()).isEqualTo(4);
    assertThat(scan.take()).isEmpty();
    assertThat(scan.isFinished()).isTrue();
  }

  @Test
  void refusesOptionsItCannotHonourNamingTableAndOption() {
    String root = table.paths().root().toString();
    assertThatThrownBy(() -> table.newStreamingScan(Map.of("scan.mode", "sideways")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(root)
        .hasMessageContaining("scan.mode")
        .hasMessageContaining("sideways");
    assertThatThrownBy(() -> table.newStreamingScan(Map.of("scan.mode", "from-snapshot")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Missing option 'scan.snapshot-id'");
    assertThatThrownBy(() -> table.newStreamingScan(Map.of("scan.snapshot-id", "x")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("scan.snapshot-id");
    assertThatThrownBy(() -> table.newStreamingScan(Map.of("scan.tag-name", "t")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("cannot start from a tag");
    assertThatThrownBy(() -> table.newStreamingScan(Map.of("streaming-read-overwrite", "true")))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessageContaining(root)
        .hasMessageContaining("streaming-read-overwrite");
    assertThatThrownBy(() -> table.newStreamingScan(Map.of("scan.mode", "compacted-full")))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessageContaining("compacted-full");
    assertThatThrownBy(() -> table.newStreamingScan(Map.of("consumer-id", "a/b")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Invalid consumer id");
    assertThat(table.paths().consumerDir()).doesNotExist();
  }
}
