package dev.lakeops.table.commit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.meta.CommitKind;
import dev.lakeops.table.meta.LiveFiles;
import dev.lakeops.table.meta.ManifestEntry;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.meta.SnapshotHints;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Commits from separate JVM processes ({@link CommitWriterMain}): two writers racing for snapshot
 * ids, and one writer killed with SIGKILL at random points. Each warehouse's FileIO runs these
 * checks by extending this class: the local disk ({@link LocalCommitterProcessTest}), the object
 * stores in their modules.
 */
public abstract class TableCommitterProcessTest {

  // A bound on kills, not on time: on a loaded machine each writer JVM starts slowly, and the
  // test then covers fewer commits rather than failing.
  private static final int CRASH_TEST_MAX_KILLS = 80;

  @TempDir protected Path dir;

  /**
   * A new table ({@link TestTable#create(FileIO, Path, Map)}); {@code crash}: for the crash test.
   */
  protected abstract TestTable newTable(String name, Map<String, String> options, boolean crash)
      throws Exception;

  /** Where the writer processes find {@code table}: its directory or its URI. */
  protected abstract String location(TestTable table);

  /** JVM options of the writer processes ({@code -Dstore.<option>=...} for a store). */
  protected List<String> writerOptions() {
    return List.of();
  }

  /** Commits of each of the two concurrent writers. */
  protected int concurrentCommits() {
    return 100;
  }

  /** How long the crash test kills writers, at least. */
  protected long crashTestMillis() {
    return 20_000;
  }

  /** How many commits the crash test makes, at least. */
  protected int crashTestMinCommits() {
    return 300;
  }

  /** How many times the crash test kills a writer, at least. */
  protected int crashTestMinKills() {
    return 0;
  }

  /** How long a writer process runs at least before it is killed: about its first commit's time. */
  protected long writerStartMillis() {
    return 300;
  }

  private Process start(
      TestTable table, String user, int bucket, int commits, String mode, Path output)
      throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command =
        new ArrayList<>(
            List.of(
                java,
                "-XX:TieredStopAtLevel=1",
                "-Xmx256m",
                "-Xshare:auto",
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn"));
    command.addAll(writerOptions());
    command.addAll(
        List.of(
            "-cp",
            System.getProperty("java.class.path"),
            CommitWriterMain.class.getName(),
            location(table),
            user,
            Integer.toString(bucket),
            Integer.toString(commits),
            mode));
    ProcessBuilder pb = new ProcessBuilder(command);
    pb.redirectOutput(output.toFile());
    pb.redirectError(new File(output + ".err"));
    return pb.start();
  }

  /**
   * Acknowledged identifiers in a writer's output: {@code ACK <identifier> <snapshot ids>
   * <attempts>}.
   */
  private static List<Long> acked(Path output) throws Exception {
    List<Long> ids = new ArrayList<>();
    for (String line : Files.readAllLines(output)) {
      if (line.startsWith("ACK ") && line.split(" ").length == 4) {
        ids.add(Long.parseLong(line.split(" ")[1]));
      }
    }
    return ids;
  }

  /** Publish attempts that lost the snapshot id to the other writer and retried. */
  private static long retries(Path output) throws Exception {
    long retries = 0;
    for (String line : Files.readAllLines(output)) {
      String[] f = line.split(" ");
      if (line.startsWith("ACK ") && f.length == 4) {
        retries += Long.parseLong(f[3]) - f[2].split(",").length;
      }
    }
    return retries;
  }

  @Test
  void twoProcessesCommittingToOneTableLoseNoCommitAndKeepIdsDense() throws Exception {
    TestTable table = newTable("t", Map.of("commit.max-retries", "50"), false);
    int commits = concurrentCommits();
    Path outA = dir.resolve("a.out");
    Path outB = dir.resolve("b.out");
    Process a = start(table, "writer-a", 0, commits, "concurrent", outA);
    Process b = start(table, "writer-b", 1, commits, "concurrent", outB);
    assertThat(a.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(b.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(a.exitValue()).as(Files.readString(Path.of(outA + ".err"))).isZero();
    assertThat(b.exitValue()).as(Files.readString(Path.of(outB + ".err"))).isZero();

    long latest = table.latestId();
    Map<String, List<Long>> appendsByUser = new HashMap<>();
    int compactions = 0;
    for (long id = 1; id <= latest; id++) {
      Snapshot s =
          table.store().findSnapshot(id).orElseThrow(() -> new AssertionError("missing snapshot"));
      if (s.commitKind() == CommitKind.APPEND) {
        appendsByUser
            .computeIfAbsent(s.commitUser(), u -> new ArrayList<>())
            .add(s.commitIdentifier());
      } else {
        compactions++;
      }
    }
    List<Long> ackedA = acked(outA);
    List<Long> ackedB = acked(outB);
    assertThat(appendsByUser.get("writer-a")).containsExactlyElementsOf(ackedA);
    assertThat(appendsByUser.get("writer-b")).containsExactlyElementsOf(ackedB);
    assertThat(ackedA.size() + ackedB.size()).isEqualTo(2 * commits);
    assertThat(latest).isEqualTo(2L * commits + compactions);
    Snapshot last = table.latest();
    LiveFiles live = table.snapshotFiles().liveFiles(last);
    assertThat(live.unmatchedDeletes()).isEmpty();
    long rows = live.files().stream().mapToLong(e -> e.file().rowCount()).sum();
    assertThat(rows)
        .isEqualTo(last.totalRecordCount())
        .isEqualTo(2L * commits * CommitWriterMain.ROWS_PER_COMMIT);
    assertThat(table.unreferencedManifestFiles()).isEmpty();
    System.out.printf(
        "concurrency: %d snapshots (%d compactions) from 2 processes x %d commits, %d retries after"
            + " losing a snapshot id%n",
        latest, compactions, commits, retries(outA) + retries(outB));
  }

  @Test
  void aWriterKilledAtRandomPointsLeavesTheTableAtItsLastSnapshotWithEveryAcknowledgedCommit()
      throws Exception {
    killWriterRepeatedly(newTable("t", Map.of(), true));
  }

  private void killWriterRepeatedly(TestTable table) throws Exception {
    Random random = new Random(42);
    long started = System.currentTimeMillis();
    int kills = 0;
    int killsBeforeFirstAck = 0;
    int publishedButNotAcknowledged = 0;
    long maxAcked = 0;
    long committed = 0;
    long patience = 0;
    while ((System.currentTimeMillis() - started < crashTestMillis()
            || committed < crashTestMinCommits()
            || kills < crashTestMinKills())
        && kills < CRASH_TEST_MAX_KILLS) {
      Path out = dir.resolve("run-" + kills + ".out");
      Process writer = start(table, "job", 0, 1_000_000, "crash", out);
      // A run that acknowledged nothing (a slow JVM start) gives the next one longer.
      Thread.sleep(writerStartMillis() + random.nextInt(1700) + patience);
      writer.destroyForcibly();
      assertThat(writer.waitFor(30, TimeUnit.SECONDS)).isTrue();
      kills++;
      List<Long> acked = acked(out);
      if (acked.isEmpty()) {
        killsBeforeFirstAck++;
        patience = Math.min(patience + 500, 10_000);
      } else {
        patience = 0;
      }
      for (long id : acked) {
        maxAcked = Math.max(maxAcked, id);
      }
      committed = verifyReadableWithEveryAcknowledgedCommit(table, maxAcked);
      if (committed > maxAcked) {
        publishedButNotAcknowledged++;
      }
    }
    assertThat(kills - killsBeforeFirstAck).as("runs that acknowledged a commit").isPositive();
    assertThat(committed)
        .as("commits acknowledged over %s kills", kills)
        .isGreaterThanOrEqualTo(kills - killsBeforeFirstAck);
    long temps = temps(table);
    new dev.lakeops.table.maintenance.OrphanFiles(table.io, table.paths)
        .remove(java.time.Instant.now().plusSeconds(1));
    verifyReadableWithEveryAcknowledgedCommit(table, maxAcked);
    assertThat(temps(table)).isZero();
    System.out.printf(
        "crash: %d kills (%d before the first commit, %d between publish and acknowledgement), %d"
            + " commits, snapshots %d..%d, %d temp files left by kills%n",
        kills,
        killsBeforeFirstAck,
        publishedButNotAcknowledged,
        committed,
        SnapshotHints.earliestSnapshotId(table.io, table.paths).getAsLong(),
        table.latestId(),
        temps);
  }

  private static long temps(TestTable table) {
    return table.io.listFiles(table.dir).stream()
        .filter(p -> p.getFileName().toString().endsWith(".tmp"))
        .count();
  }

  /** Returns the number of commits of the writer in the table: its latest identifier. */
  private static long verifyReadableWithEveryAcknowledgedCommit(TestTable table, long maxAcked) {
    long earliest = SnapshotHints.earliestSnapshotId(table.io, table.paths).orElse(1);
    long latestId = table.latestId();
    if (latestId == 0) {
      assertThat(maxAcked).isZero();
      return 0;
    }
    for (long id = earliest; id <= latestId; id++) {
      assertThat(table.io.exists(table.paths.snapshotFile(id)))
          .as("snapshot ids are dense: snapshot-%s", id)
          .isTrue();
    }
    Snapshot latest = table.latest();
    assertThat(latest.commitUser()).isEqualTo("job");
    LiveFiles live = table.snapshotFiles().liveFiles(latest);
    assertThat(live.unmatchedDeletes()).isEmpty();
    long rows = 0;
    TreeSet<String> names = new TreeSet<>();
    for (ManifestEntry e : live.files()) {
      rows += e.file().rowCount();
      assertThat(names.add(e.fileName())).isTrue();
      assertThat(table.io.exists(table.locator.file(e.partition(), e.bucket(), e.fileName())))
          .as("live data file %s", e.fileName())
          .isTrue();
    }
    long identifier = latest.commitIdentifier();
    assertThat(identifier)
        .as("every acknowledged commit is in the table")
        .isGreaterThanOrEqualTo(maxAcked);
    // Identifiers are dense from 1 and each adds 10 rows that compactions keep: any lost or
    // duplicated commit would change the count.
    assertThat(rows)
        .isEqualTo(latest.totalRecordCount())
        .isEqualTo(identifier * CommitWriterMain.ROWS_PER_COMMIT);
    return identifier;
  }
}
