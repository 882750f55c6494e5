package dev.lakeops.table.write;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.catalog.TableDefinition;
import dev.lakeops.table.catalog.TestTables;
import dev.lakeops.table.commit.CommitResult;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.lsm.KeyOrder;
import dev.lakeops.table.lsm.LevelFiles;
import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.CommitKind;
import dev.lakeops.table.meta.ManifestEntry;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.TypeRoot;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code num-sorted-run.stop-trigger}: a writer whose buffer is flushed between commits ({@code
 * write-buffer-spillable=false}) lets level-0 runs pile up, but never beyond the stop trigger:
 * there it compacts before going on, as Paimon's writer waits for its compaction. With {@code
 * write-only} nothing is compacted and nothing waits.
 */
class StopTriggerTest {

  private static final int STOP = 4;

  @TempDir Path dir;

  private Table table(Map<String, String> extra) {
    TableDefinition.Builder b =
        TableDefinition.builder()
            .column("id", AtomicType.of(TypeRoot.BIGINT))
            .column("v", AtomicType.string())
            .primaryKey("id")
            .option("bucket", "1")
            .option("file.format", "avro")
            .option("write-buffer-size", "4 kb")
            .option("write-buffer-spillable", "false")
            .option("num-sorted-run.compaction-trigger", "3")
            .option("num-sorted-run.stop-trigger", String.valueOf(STOP));
    extra.forEach(b::option);
    return TestTables.warehouse(dir).createTable(Identifier.of("db", "t"), b.build());
  }

  private static int committedRuns(Table t) {
    Snapshot latest = t.latestSnapshot().orElseThrow();
    List<ManifestEntry> files = t.snapshotFiles().liveFiles(latest).files();
    return LevelFiles.of(
            new KeyOrder(t.schema().trimmedPrimaryKeyType()),
            t.options().numLevels(),
            files.stream().map(ManifestEntry::file).toList())
        .numberOfSortedRuns();
  }

  /**
   * Writes {@code commits} commits of seeded upserts and deletes over 300 keys; returns the most
   * sorted runs the writer held after any row, and checks reads against a model after each commit.
   */
  private static int writeCommits(Table t, int commits, List<Integer> committedRuns) {
    Random random = new Random(14);
    Map<Long, Row> model = new TreeMap<>();
    int maxRuns = 0;
    for (int c = 1; c <= commits; c++) {
      try (TableWrite w = t.newWrite("writer")) {
        for (int i = 0; i < 400; i++) {
          long id = random.nextInt(300);
          if (random.nextInt(10) == 0) {
            w.write(Row.ofKind(RowKind.DELETE, id, null));
            model.remove(id);
          } else {
            Row row = Row.of(id, "value-" + c + "-" + i + "-padding-to-fill-the-buffer");
            w.write(row);
            model.put(id, row);
          }
          maxRuns = Math.max(maxRuns, w.sortedRuns(BinaryRow.EMPTY, 0));
        }
        CommitResult result = t.newCommit().commit(w.prepareCommit(c));
        assertThat(result.snapshots()).isNotEmpty();
      }
      committedRuns.add(committedRuns(t));
      assertThat(TestTables.readAll(t))
          .as("rows after commit %s", c)
          .isEqualTo(TestTables.sorted(new ArrayList<>(model.values())));
    }
    return maxRuns;
  }

  @Test
  void aWriterNeverHoldsMoreSortedRunsThanTheStopTrigger() {
    Table t = table(Map.of());
    List<Integer> committed = new ArrayList<>();

    int maxRuns = writeCommits(t, 6, committed);

    assertThat(maxRuns).as("flushes between commits pile up to the stop trigger").isEqualTo(STOP);
    assertThat(committed).allMatch(runs -> runs <= STOP);
  }

  @Test
  void aWriteOnlyWriterNeitherCompactsNorStalls() {
    Table t = table(Map.of("write-only", "true"));
    List<Integer> committed = new ArrayList<>();

    int maxRuns = writeCommits(t, 3, committed);

    assertThat(maxRuns).isGreaterThan(STOP);
    assertThat(committed).isSorted().last().isEqualTo(committedRuns(t));
    assertThat(committed.get(committed.size() - 1)).isGreaterThan(3 * STOP);
    Map<CommitKind, Integer> kinds = new HashMap<>();
    for (long id = 1; id <= t.latestSnapshot().orElseThrow().id(); id++) {
      kinds.merge(t.snapshotStore().loadSnapshot(id).commitKind(), 1, Integer::sum);
    }
    assertThat(kinds).containsOnlyKeys(CommitKind.APPEND);
  }
}
