package dev.lakeops.table.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.catalog.TableDefinition;
import dev.lakeops.table.catalog.TestTables;
import dev.lakeops.table.commit.BucketChange;
import dev.lakeops.table.commit.ChangeSet;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.meta.CommitKind;
import dev.lakeops.table.meta.ManifestEntry;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.TypeRoot;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code prepareCommit(id, false)}, Paimon's streaming write: a primary-key bucket compacts on the
 * write's compaction thread and hands the result over with a later commit. The table reads the same
 * after every commit as with synchronous compaction, a compaction is never handed over by the
 * commit that started it, a write closed while one runs leaves no file behind, and a failed
 * background compaction fails the next commit that takes it.
 */
class BackgroundCompactionTest {

  @TempDir Path dir;

  private Table table(String name) {
    return TestTables.warehouse(dir)
        .createTable(
            Identifier.of("db", name),
            TableDefinition.builder()
                .column("id", AtomicType.of(TypeRoot.BIGINT))
                .column("v", AtomicType.string())
                .primaryKey("id")
                .option("bucket", "2")
                .option("file.format", "avro")
                .option("num-sorted-run.compaction-trigger", "3")
                .option("num-sorted-run.stop-trigger", "20")
                .build());
  }

  private static List<Row> batch(Random random, int commit, Map<Long, Row> model) {
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      long id = random.nextInt(200);
      if (random.nextInt(8) == 0) {
        rows.add(Row.ofKind(RowKind.DELETE, id, null));
        model.remove(id);
      } else {
        Row row = Row.of(id, "v-" + commit + "-" + i);
        rows.add(row);
        model.put(id, row);
      }
    }
    return rows;
  }

  private static boolean hasCompaction(ChangeSet changes) {
    return changes.changes().stream().anyMatch(BucketChange::hasCompaction);
  }

  @Test
  void readsAsTheSynchronousWriteAndHandsCompactionsOverLater() {
    Table background = table("background");
    Table synchronous = table("synchronous");
    Random random = new Random(16);
    Map<Long, Row> model = new TreeMap<>();
    List<Boolean> handedOver = new ArrayList<>();
    try (TableWrite async = background.newWrite("async");
        TableWrite sync = synchronous.newWrite("sync")) {
      for (int c = 1; c <= 12; c++) {
        List<Row> rows = batch(random, c, model);
        rows.forEach(async::write);
        rows.forEach(sync::write);
        ChangeSet a = async.prepareCommit(c, false);
        ChangeSet s = sync.prepareCommit(c);
        handedOver.add(hasCompaction(a));
        if (c == 3) {
          assertThat(hasCompaction(s))
              .as("the synchronous write compacts at the third run of a bucket")
              .isTrue();
          assertThat(hasCompaction(a))
              .as("the background write only starts that compaction at commit 3")
              .isFalse();
        }
        background.newCommit().commit(a);
        synchronous.newCommit().commit(s);
        List<Row> expected = TestTables.sorted(new ArrayList<>(model.values()));
        assertThat(TestTables.readAll(background))
            .as("background, commit %s", c)
            .isEqualTo(expected);
        assertThat(TestTables.readAll(synchronous)).as("sync, commit %s", c).isEqualTo(expected);
      }
      // the last background compaction, taken by a commit that waits
      background.newCommit().commit(async.prepareCommit(13, true));
    }
    assertThat(handedOver).as("compactions handed over by later commits").contains(true);
    long compactSnapshots = countSnapshots(background, CommitKind.COMPACT);
    assertThat(compactSnapshots).isGreaterThan(0);
    assertThat(TestTables.readAll(background))
        .isEqualTo(TestTables.sorted(new ArrayList<>(model.values())));
    assertThat(unreferencedDataFiles(background)).isEmpty();
  }

  @Test
  void aWriteClosedWhileACompactionRunsLeavesNoFileBehind() {
    Table t = table("closed");
    Random random = new Random(17);
    Map<Long, Row> model = new TreeMap<>();
    try (TableWrite w = t.newWrite("async")) {
      for (int c = 1; c <= 3; c++) {
        batch(random, c, model).forEach(w::write);
        t.newCommit().commit(w.prepareCommit(c, false));
      }
      // commit 3 started a compaction; closing now must not leave its output as an orphan
    }
    assertThat(unreferencedDataFiles(t)).isEmpty();
    assertThat(TestTables.readAll(t)).isEqualTo(TestTables.sorted(new ArrayList<>(model.values())));
  }

  @Test
  void aFailedBackgroundCompactionFailsTheCommitThatTakesIt() throws IOException {
    Table t = table("failing");
    Random random = new Random(18);
    Map<Long, Row> model = new TreeMap<>();
    try (TableWrite w = t.newWrite("async")) {
      for (int c = 1; c <= 2; c++) {
        batch(random, c, model).forEach(w::write);
        t.newCommit().commit(w.prepareCommit(c, false));
      }
      // a committed input of the coming compaction disappears from the store
      Path victim = dataFiles(t).get(0);
      Files.delete(victim);
      batch(random, 3, model).forEach(w::write);
      t.newCommit().commit(w.prepareCommit(3, false));
      long snapshots = t.latestSnapshot().orElseThrow().id();

      assertThatThrownBy(() -> w.prepareCommit(4, true))
          .isInstanceOf(UncheckedIOException.class)
          .hasMessageContaining(victim.getFileName().toString());
      assertThat(t.latestSnapshot().orElseThrow().id())
          .as("nothing committed for the failed compaction")
          .isEqualTo(snapshots);
    }
  }

  private static long countSnapshots(Table t, CommitKind kind) {
    long latest = t.latestSnapshot().orElseThrow().id();
    long n = 0;
    for (long id = 1; id <= latest; id++) {
      if (t.snapshotStore().loadSnapshot(id).commitKind() == kind) {
        n++;
      }
    }
    return n;
  }

  private static List<Path> dataFiles(Table t) {
    try (Stream<Path> files = Files.walk(t.paths().root())) {
      return files.filter(p -> p.getFileName().toString().startsWith("data-")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  // data files on disk that no snapshot lists
  private static List<String> unreferencedDataFiles(Table t) {
    Set<String> referenced = new HashSet<>();
    long latest = t.latestSnapshot().orElseThrow().id();
    for (long id = 1; id <= latest; id++) {
      Snapshot s = t.snapshotStore().loadSnapshot(id);
      for (ManifestEntry e : t.snapshotFiles().liveFiles(s).files()) {
        referenced.add(e.file().fileName());
      }
    }
    return dataFiles(t).stream()
        .map(p -> p.getFileName().toString())
        .filter(n -> !referenced.contains(n))
        .toList();
  }
}
