package dev.lakeops.table.compat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.meta.CommitKind;
import dev.lakeops.table.meta.FileSource;
import dev.lakeops.table.meta.ManifestEntry;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.write.TableWrite;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.paimon.table.sink.TableWriteImpl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The {@code input} and {@code full-compaction} changelog producers against Paimon 1.3.1: for the
 * same input, lakeops' changelog equals Paimon's per key ({@code +I/-U/+U/-D} in order) after every
 * commit, read four ways (each engine's reader on each engine's table: lakeops' {@code
 * planIncremental}, Paimon's {@code incremental-between}, and at the end Paimon's streaming read);
 * both engines write one table in turns; a seeded random differential run; {@code
 * full-compaction.delta-commits} compacts (and produces changelog) every N-th commit only.
 */
class ChangelogProducerCompatTest {

  private static final String D1 = "2024-01-01";
  private static final String D2 = "2024-01-02";

  @TempDir(factory = MemoryTempDirFactory.class)
  Path dir;

  private static Row put(String dt, int id, String name) {
    return Row.of(dt, id, name, id * 1.5);
  }

  private static Row del(String dt, int id) {
    return Row.ofKind(RowKind.DELETE, dt, id, null, null);
  }

  /** Commits with inserts, updates, deletes, several versions of a key and no-op deletes. */
  private static List<List<Row>> scenario() {
    List<List<Row>> commits = new ArrayList<>();
    List<Row> first = new ArrayList<>();
    for (int id = 1; id <= 12; id++) {
      first.add(put(id % 2 == 0 ? D1 : D2, id, "v1-" + id));
    }
    commits.add(first);
    commits.add(
        List.of(
            put(D1, 2, "v2-2"),
            put(D2, 3, "v2-3"),
            put(D2, 3, "v3-3"),
            del(D1, 4),
            del(D2, 99),
            put(D1, 20, "new-20"),
            put(D2, 5, "v1-5")));
    commits.add(
        List.of(
            put(D1, 21, "born"),
            del(D1, 21),
            del(D2, 3),
            put(D2, 3, "reborn-3"),
            put(D1, 4, "back-4"),
            del(D1, 6)));
    commits.add(List.of(del(D2, 1), del(D2, 7), put(D1, 8, "v2-8"), put(D1, 2, "v3-2")));
    return commits;
  }

  @ParameterizedTest
  @CsvSource({"input, false", "full-compaction, false", "full-compaction, true"})
  void lakeopsWritesTheChangelogPaimonWritesForTheSameInput(String producer, boolean deduplicate)
      throws Exception {
    Map<String, String> options =
        Map.of(
            "changelog-producer",
            producer,
            "changelog-producer.row-deduplicate",
            Boolean.toString(deduplicate));
    ChangelogTables paimon = new ChangelogTables(dir.resolve("paimon"), options);
    ChangelogTables lakeops = new ChangelogTables(dir.resolve("lakeops"), options);
    ChangelogTables.Model model = new ChangelogTables.Model();
    long identifier = 0;
    for (List<Row> commit : scenario()) {
      identifier++;
      long paimonFrom = paimon.latest();
      long lakeopsFrom = lakeops.latest();
      paimon.paimonCommits("paimon", identifier, commit);
      lakeops.lakeopsCommits("lakeops", identifier, commit);
      Map<String, List<String>> expected = model.apply(producer, commit, deduplicate);
      String when = producer + " (row-deduplicate " + deduplicate + ") commit " + identifier;
      assertSameChangelog(paimon, paimonFrom, expected, when + " written by Paimon");
      assertSameChangelog(lakeops, lakeopsFrom, expected, when + " written by lakeops");
      assertThat(commitKinds(lakeops, lakeopsFrom))
          .as("snapshots of %s", when)
          .isEqualTo(commitKinds(paimon, paimonFrom));
      assertThat(lakeops.paimonRows()).as("rows after %s", when).isEqualTo(model.rows());
      assertThat(lakeops.lakeopsRows()).as("rows after %s", when).isEqualTo(model.rows());
    }
    assertChangelogFiles(lakeops, producer);
    assertThat(lakeops.paimonStreamingChangelog(1))
        .as("Paimon's streaming read of lakeops' table")
        .isEqualTo(paimon.paimonStreamingChangelog(1))
        .isEqualTo(lakeops.lakeopsChangelog(0, lakeops.latest()))
        .isEqualTo(paimon.lakeopsChangelog(0, paimon.latest()));
  }

  @ParameterizedTest
  @ValueSource(strings = {"input", "full-compaction"})
  void bothEnginesWriteOneTableInTurns(String producer) throws Exception {
    ChangelogTables table = new ChangelogTables(dir, Map.of("changelog-producer", producer));
    ChangelogTables.Model model = new ChangelogTables.Model();
    long identifier = 0;
    for (List<Row> commit : scenario()) {
      identifier++;
      long from = table.latest();
      boolean paimonTurn = identifier % 2 == 0;
      if (paimonTurn) {
        table.paimonCommits("paimon", identifier, commit);
      } else {
        table.lakeopsCommits("lakeops", identifier, commit);
      }
      assertSameChangelog(
          table,
          from,
          model.apply(producer, commit),
          producer + " commit " + identifier + " by " + (paimonTurn ? "Paimon" : "lakeops"));
      assertThat(table.paimonRows()).isEqualTo(model.rows());
      assertThat(table.lakeopsRows()).isEqualTo(model.rows());
    }
  }

  @ParameterizedTest
  @CsvSource({"input, 7", "input, 11", "full-compaction, 7", "full-compaction, 11"})
  void randomCommitsGiveBothEnginesTheSameChangelog(String producer, long seed) throws Exception {
    Map<String, String> options =
        Map.of(
            "changelog-producer",
            producer,
            "write-buffer-size",
            "4 kb",
            "page-size",
            "1 kb",
            "num-sorted-run.compaction-trigger",
            "3");
    ChangelogTables paimon = new ChangelogTables(dir.resolve("paimon"), options);
    ChangelogTables lakeops = new ChangelogTables(dir.resolve("lakeops"), options);
    ChangelogTables.Model model = new ChangelogTables.Model();
    Random random = new Random(seed);
    for (long identifier = 1; identifier <= 8; identifier++) {
      List<Row> commit = new ArrayList<>();
      int size = 1 + random.nextInt(150);
      for (int i = 0; i < size; i++) {
        String dt = random.nextBoolean() ? D1 : D2;
        int id = random.nextInt(60);
        commit.add(
            random.nextInt(4) == 0
                ? del(dt, id)
                : put(dt, id, "s" + identifier + "-" + random.nextInt(3)));
      }
      long paimonFrom = paimon.latest();
      long lakeopsFrom = lakeops.latest();
      paimon.paimonCommits("paimon", identifier, commit);
      lakeops.lakeopsCommits("lakeops", identifier, commit);
      Map<String, List<String>> expected = model.apply(producer, commit);
      String when = producer + " seed " + seed + " commit " + identifier;
      assertSameChangelog(paimon, paimonFrom, expected, when + " written by Paimon");
      assertSameChangelog(lakeops, lakeopsFrom, expected, when + " written by lakeops");
      assertThat(lakeops.paimonRows()).as("rows after %s", when).isEqualTo(model.rows());
    }
  }

  @Test
  void fullCompactionDeltaCommitsProducesTheChangelogEveryNthCommit() throws Exception {
    Map<String, String> options =
        Map.of("changelog-producer", "full-compaction", "full-compaction.delta-commits", "2");
    ChangelogTables paimon = new ChangelogTables(dir.resolve("paimon"), options);
    ChangelogTables lakeops = new ChangelogTables(dir.resolve("lakeops"), options);
    ChangelogTables.Model model = new ChangelogTables.Model();
    List<Row> sinceCompaction = new ArrayList<>();
    long paimonFrom = 0;
    long lakeopsFrom = 0;
    try (TableWriteImpl<?> theirs = paimon.paimonWrite("paimon");
        TableWrite ours = lakeops.ours.newWrite("lakeops")) {
      long identifier = 0;
      for (List<Row> commit : scenario()) {
        identifier++;
        long paimonBefore = paimon.latest();
        long lakeopsBefore = lakeops.latest();
        paimon.paimonCommits(theirs, "paimon", identifier, commit);
        lakeops.lakeopsCommits(ours, identifier, commit);
        sinceCompaction.addAll(commit);
        String when = "commit " + identifier;
        assertThat(commitKinds(lakeops, lakeopsBefore))
            .as("snapshots of %s", when)
            .isEqualTo(commitKinds(paimon, paimonBefore))
            .isEqualTo(
                identifier % 2 == 0
                    ? List.of(CommitKind.APPEND, CommitKind.COMPACT)
                    : List.of(CommitKind.APPEND));
        if (identifier % 2 == 0) {
          // the changelog covers everything written since the previous full compaction
          Map<String, List<String>> expected = model.apply("full-compaction", sinceCompaction);
          sinceCompaction.clear();
          assertSameChangelog(paimon, paimonFrom, expected, when + " written by Paimon");
          assertSameChangelog(lakeops, lakeopsFrom, expected, when + " written by lakeops");
          paimonFrom = paimon.latest();
          lakeopsFrom = lakeops.latest();
        } else {
          assertThat(lakeops.lakeopsChangelog(lakeopsBefore, lakeops.latest())).isEmpty();
          assertThat(lakeops.paimonChangelog(lakeopsBefore, lakeops.latest())).isEmpty();
        }
      }
    }
  }

  /** Both readers on {@code table} give {@code expected} for the snapshots after {@code from}. */
  private static void assertSameChangelog(
      ChangelogTables table, long from, Map<String, List<String>> expected, String when)
      throws Exception {
    long to = table.latest();
    assertThat(table.lakeopsChangelog(from, to))
        .as("lakeops reads the changelog of %s", when)
        .isEqualTo(expected);
    assertThat(table.paimonChangelog(from, to))
        .as("Paimon reads the changelog of %s", when)
        .isEqualTo(expected);
  }

  private static List<CommitKind> commitKinds(ChangelogTables table, long from) {
    List<CommitKind> kinds = new ArrayList<>();
    for (long id = from + 1; id <= table.latest(); id++) {
      kinds.add(table.ours.snapshotStore().findSnapshot(id).orElseThrow().commitKind());
    }
    return kinds;
  }

  /** Changelog files sit in the bucket directories, named changelog-*, recorded as Paimon does. */
  private static void assertChangelogFiles(ChangelogTables table, String producer) {
    Map<String, Integer> levels = new TreeMap<>();
    for (long id = 1; id <= table.latest(); id++) {
      Snapshot s = table.ours.snapshotStore().findSnapshot(id).orElseThrow();
      for (ManifestEntry e : table.ours.snapshotFiles().changelogEntries(s)) {
        assertThat(e.file().fileName()).startsWith("changelog-");
        assertThat(e.file().fileSource()).isEqualTo(FileSource.APPEND);
        levels.put(e.file().fileName(), e.level());
        assertThat(s.commitKind())
            .isEqualTo(producer.equals("input") ? CommitKind.APPEND : CommitKind.COMPACT);
      }
    }
    assertThat(levels).isNotEmpty();
    assertThat(levels.values()).containsOnly(producer.equals("input") ? 0 : 5);
  }
}
