package dev.lakeops.table.write;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.TestTables;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.meta.CommitKind;
import dev.lakeops.table.meta.IndexManifestEntry;
import dev.lakeops.table.meta.Snapshot;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lookup write path killed with SIGKILL at random points ({@link LookupWriterMain} in its own
 * JVM, on a deletion-vector table): after every kill the table reads as the model of its last
 * complete commit (a commit killed between its APPEND and COMPACT snapshots reads as the commit
 * before, its level-0 rows not visible yet, and the next writer compacts them), every acknowledged
 * commit is in it, and every deletion-vector index file it names exists and decodes.
 */
class LookupWriteProcessTest {

  private static final int KILLS = 12;

  @TempDir Path dir;

  private static Process start(Path table, int commits, Path output) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ProcessBuilder pb =
        new ProcessBuilder(
            java,
            "-XX:TieredStopAtLevel=1",
            "-Xmx256m",
            "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
            "-cp",
            System.getProperty("java.class.path"),
            LookupWriterMain.class.getName(),
            table.toString(),
            Integer.toString(commits));
    pb.redirectOutput(output.toFile());
    pb.redirectError(new File(output + ".err"));
    return pb.start();
  }

  @Test
  void aLookupWriterKilledAtRandomPointsLeavesEveryAcknowledgedCommitReadable() throws Exception {
    Table table =
        TestTables.orders(
            TestTables.warehouse(dir.resolve("wh")),
            "orders",
            Map.of("bucket", "1", "deletion-vectors.enabled", "true"));
    Path root = table.paths().root();
    Random random = new Random(3);
    long maxAcked = 0;
    int runsWithAck = 0;
    long patience = 0;
    for (int kill = 0; kill < KILLS; kill++) {
      Path out = dir.resolve("run-" + kill + ".out");
      Process writer = start(root, 1_000_000, out);
      Thread.sleep(800 + random.nextInt(2500) + patience);
      writer.destroyForcibly();
      assertThat(writer.waitFor(30, TimeUnit.SECONDS)).isTrue();
      List<Long> acked = acked(out);
      patience = acked.isEmpty() ? Math.min(patience + 1000, 10_000) : 0;
      if (!acked.isEmpty()) {
        runsWithAck++;
        maxAcked = Math.max(maxAcked, acked.get(acked.size() - 1));
      }
      verify(Table.load(table.io(), root), maxAcked);
    }
    assertThat(runsWithAck).as("runs that acknowledged a commit").isPositive();
    // a last, unkilled run compacts whatever a kill left in level 0
    Process last = start(root, 1, dir.resolve("last.out"));
    assertThat(last.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(last.exitValue()).isZero();
    Table done = Table.load(table.io(), root);
    long identifier = LookupWriterMain.lastCommitted(done).orElseThrow();
    assertThat(TestTables.readAll(done))
        .containsExactlyElementsOf(
            TestTables.sorted(new ArrayList<>(LookupWriterMain.model(identifier).values())));
  }

  private static void verify(Table table, long maxAcked) {
    if (table.latestSnapshot().isEmpty()) {
      assertThat(maxAcked).isZero();
      return;
    }
    Snapshot latest = table.latestSnapshot().orElseThrow();
    long identifier = LookupWriterMain.lastCommitted(table).orElseThrow();
    assertThat(identifier)
        .as("every acknowledged commit is in the table")
        .isGreaterThanOrEqualTo(maxAcked);
    // killed between the APPEND and the COMPACT snapshot of a commit: its rows wait in level 0
    boolean pending =
        latest.commitKind() == CommitKind.APPEND
            && table.snapshotFiles().liveFiles(latest).files().stream()
                .anyMatch(e -> e.level() == 0);
    List<Row> rows = TestTables.readAll(table);
    List<Row> complete =
        TestTables.sorted(new ArrayList<>(LookupWriterMain.model(identifier).values()));
    if (pending) {
      assertThat(rows)
          .as("snapshot %s: level-0 rows of commit %s not visible yet", latest.id(), identifier)
          .containsExactlyElementsOf(
              TestTables.sorted(new ArrayList<>(LookupWriterMain.model(identifier - 1).values())));
    } else {
      assertThat(rows).as("snapshot %s", latest.id()).containsExactlyElementsOf(complete);
    }
    if (latest.indexManifest() != null) {
      for (IndexManifestEntry e :
          table.snapshotFiles().manifests().readIndexManifest(latest.indexManifest())) {
        assertThat(table.paths().indexFile(e.fileName())).exists();
      }
    }
  }

  private static List<Long> acked(Path output) throws Exception {
    List<Long> ids = new ArrayList<>();
    for (String line : Files.readAllLines(output)) {
      if (line.startsWith("ACK ") && line.split(" ").length == 3) {
        ids.add(Long.parseLong(line.split(" ")[1]));
      }
    }
    return ids;
  }
}
