package dev.lakeops.table.maintenance;

import static dev.lakeops.table.commit.TestTable.changes;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.table.commit.RetryPolicy;
import dev.lakeops.table.commit.TableCommitter;
import dev.lakeops.table.commit.TestTable;
import dev.lakeops.table.meta.DataFileMeta;
import dev.lakeops.table.meta.ManifestEntry;
import dev.lakeops.table.meta.ManifestFileMeta;
import dev.lakeops.table.meta.Snapshot;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A test table with a history that maintenance works on, committed one minute apart:
 *
 * <pre>
 *   1 APPEND  a (rows 1..5)          4 COMPACT a, b -> ab@L5
 *   2 APPEND  b (rows 6..9)          5 APPEND  d
 *   3 APPEND  c (other partition)    6 COMPACT d@L0 -> d@L5 (level upgrade, same file)
 * </pre>
 */
final class TableHistory {

  static final Instant START = Instant.parse("2026-01-01T00:00:00Z");

  final TestTable table;
  final MutableClock clock = new MutableClock(START);
  final TableCommitter committer;
  final DataFileMeta a;
  final DataFileMeta b;
  final DataFileMeta c;
  final DataFileMeta ab;
  final DataFileMeta d;

  TableHistory(Path dir) {
    table = TestTable.create(dir);
    committer =
        TableCommitter.builder(table.io, table.paths, table.schema)
            .clock(clock)
            .retryPolicy(RetryPolicy.withoutWaiting(3))
            .build();
    a = table.dataFile("2024-01-01", 0, "data-a.avro", 0, 1, 5, 5);
    b = table.dataFile("2024-01-01", 0, "data-b.avro", 0, 6, 9, 4);
    c = table.dataFile("2024-01-02", 1, "data-c.avro", 0, 1, 3, 3);
    ab = table.dataFile("2024-01-01", 0, "data-ab.avro", 5, 1, 9, 9);
    d = table.dataFile("2024-01-01", 1, "data-d.avro", 0, 1, 2, 2);
    commit(changes("job", 1, table.newFiles("2024-01-01", 0, a)));
    commit(changes("job", 2, table.newFiles("2024-01-01", 0, b)));
    commit(changes("job", 3, table.newFiles("2024-01-02", 1, c)));
    commit(changes("compactor", 1, table.compaction("2024-01-01", 0, List.of(a, b), List.of(ab))));
    commit(changes("job", 4, table.newFiles("2024-01-01", 1, d)));
    commit(
        changes(
            "compactor",
            2,
            table.compaction("2024-01-01", 1, List.of(d), List.of(d.withLevel(5)))));
  }

  void commit(dev.lakeops.table.commit.ChangeSet changes) {
    committer.commit(changes);
    clock.advance(Duration.ofMinutes(1));
  }

  Path path(String dt, int bucket, DataFileMeta file) {
    return table.dataPath(dt, bucket, file.fileName());
  }

  Snapshot snapshot(long id) {
    return table.store().loadSnapshot(id);
  }

  /**
   * Asserts that a snapshot is complete: its lists, manifests and live data files all exist and
   * decode.
   */
  void assertReadable(Snapshot s) {
    var files = table.snapshotFiles();
    List<String> lists = new ArrayList<>(List.of(s.baseManifestList(), s.deltaManifestList()));
    for (String list : lists) {
      for (ManifestFileMeta meta : files.manifestList(list)) {
        assertThat(table.paths.manifestFile(meta.fileName())).exists();
      }
    }
    for (ManifestEntry e : files.liveFiles(s).files()) {
      assertThat(table.locator.file(e.partition(), e.bucket(), e.fileName()))
          .as("live file of snapshot %s", s.id())
          .exists();
    }
    assertThat(files.liveFiles(s).unmatchedDeletes()).isEmpty();
  }
}
