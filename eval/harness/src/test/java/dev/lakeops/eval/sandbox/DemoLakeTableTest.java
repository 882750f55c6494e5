package dev.lakeops.eval.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.table.Table;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.meta.Snapshot;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The demo's duplicate write comes from two real Flink jobs writing through the lakeops sink. */
class DemoLakeTableTest {

  @TempDir Path dir;

  @Test
  void theRestartedJobWritesEveryPaymentAgainAsANewCommitUserAtItsCheckpoints() {
    Table table = DemoLakeTable.createWithDuplicateWrite(dir);

    Map<Long, Integer> counts = new TreeMap<>();
    for (Row r : table.newRead().readAll(table.newScan().plan())) {
      counts.merge((Long) r.get(0), 1, Integer::sum);
    }
    int rows = DemoLakeTable.CHECKPOINTS * DemoLakeTable.ROWS_PER_CHECKPOINT;
    assertThat(counts).hasSize(rows);
    assertThat(counts.values()).allMatch(c -> c == 2);
    List<Snapshot> snapshots = new ArrayList<>();
    for (long id = 1; id <= table.latestSnapshot().orElseThrow().id(); id++) {
      snapshots.add(table.snapshotStore().loadSnapshot(id));
    }
    assertThat(snapshots.stream().map(Snapshot::commitUser).distinct())
        .containsExactly(DemoLakeTable.FIRST_WRITER, DemoLakeTable.RESTARTED_WRITER);
    // each job committed at its checkpoints (the source releases about a checkpoint's payments at
    // a time), every payment once per job, with checkpoint ids as identifiers
    for (String writer : List.of(DemoLakeTable.FIRST_WRITER, DemoLakeTable.RESTARTED_WRITER)) {
      List<Snapshot> own = snapshots.stream().filter(s -> s.commitUser().equals(writer)).toList();
      assertThat(own.size()).as(writer).isGreaterThanOrEqualTo(DemoLakeTable.CHECKPOINTS);
      assertThat(own.stream().mapToLong(Snapshot::deltaRecordCount).sum()).isEqualTo(rows);
      assertThat(own.stream().map(Snapshot::commitIdentifier).toList()).isSorted();
    }
  }
}
