package dev.lakeops.table.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Lookup-changelog write+commit: as {@link UpsertBenchmark}, on a table with {@code
 * changelog-producer=lookup}. Each operation writes {@code rowsPerCommit} rows whose keys mostly
 * exist already (ids drawn from {@code keySpace}) and commits them as one snapshot; the commit
 * includes the lookup compaction that moves level 0 up and writes the changelog ({@code +I}, {@code
 * -U}/{@code +U} per key against the version in the higher levels). lakeops runs that compaction at
 * every commit; Paimon's writer is made to wait for it at commit, as its Flink sink does with
 * {@code lookup-wait} (default true), so both commits carry their changelog. Each iteration starts
 * from an empty table (2 buckets, unpartitioned). Score: commits per second.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 10)
@Measurement(iterations = 3, time = 10)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn"})
public class LookupChangelogBenchmark {

  static final Map<String, String> LOOKUP = Map.of("changelog-producer", "lookup");

  @Param({"avro", "parquet"})
  public String format;

  @Param({"lakeops", "paimon"})
  public String engine;

  @Param("20000")
  public int rowsPerCommit;

  @Param("100000")
  public int keySpace;

  private OrderRows rows;
  private Engine target;
  private Path dir;
  private Engine.Writer writer;
  private long identifier;
  private int cursor;

  @Setup(Level.Trial)
  public void generateRows() {
    rows = OrderRows.generate(rowsPerCommit * 16, keySpace, 42);
    target = Engine.named(engine);
    checkBothEnginesAgree();
  }

  // Both engines write the same commits and must read the same rows; the latest snapshot after
  // each commit must carry a changelog (the lookup compaction ran at that commit) with as many
  // records in both engines.
  private void checkBothEnginesAgree() {
    Path check = Dirs.create("bench-lookup-check-");
    try {
      List<List<String>> read = new ArrayList<>();
      long[][] changelogRecords = new long[2][3];
      Engine[] engines = {new LakeopsEngine(), new PaimonEngine()};
      for (int e = 0; e < 2; e++) {
        Path t =
            engines[e].createOrders(check.resolve("w" + e), "orders", format, 2, false, LOOKUP);
        try (Engine.Writer w = engines[e].openWriter(t, check.resolve("tmp" + e))) {
          for (int c = 0; c < 3; c++) {
            for (int i = 0; i < rowsPerCommit; i++) {
              w.write(rows, c * rowsPerCommit + i, "2024-01-01");
            }
            w.commit(c + 1);
            changelogRecords[e][c] = latestChangelogRecords(t);
          }
        }
        read.add(engines[e].rows(t));
      }
      for (int c = 0; c < 3; c++) {
        if (changelogRecords[0][c] == 0 || changelogRecords[0][c] != changelogRecords[1][c]) {
          throw new IllegalStateException(
              "Changelog records of commit "
                  + (c + 1)
                  + ": lakeops "
                  + changelogRecords[0][c]
                  + ", Paimon "
                  + changelogRecords[1][c]);
        }
      }
      if (!read.get(0).equals(read.get(1))) {
        throw new IllegalStateException(
            "lakeops reads "
                + read.get(0).size()
                + " rows, Paimon "
                + read.get(1).size()
                + "; first difference: "
                + PartialUpdateBenchmark.firstDifference(read.get(0), read.get(1)));
      }
    } finally {
      Dirs.delete(check);
    }
  }

  private static final Pattern CHANGELOG_RECORDS =
      Pattern.compile("\"changelogRecordCount\"\\s*:\\s*(\\d+)");

  // changelogRecordCount of the snapshot the LATEST hint names (0 when it has none)
  private static long latestChangelogRecords(Path table) {
    Path dir = table.resolve("snapshot");
    try {
      String latest = Files.readString(dir.resolve("LATEST")).trim();
      Matcher m = CHANGELOG_RECORDS.matcher(Files.readString(dir.resolve("snapshot-" + latest)));
      return m.find() ? Long.parseLong(m.group(1)) : 0;
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to read the latest snapshot of " + table, e);
    }
  }

  @Setup(Level.Iteration)
  public void createEmptyTable() {
    dir = Dirs.create("bench-lookup-");
    Path table = target.createOrders(dir.resolve("warehouse"), "orders", format, 2, false, LOOKUP);
    writer = target.openWriter(table, dir.resolve("tmp"));
    identifier = 0;
  }

  @TearDown(Level.Iteration)
  public void dropTable() {
    writer.close();
    Dirs.delete(dir);
  }

  @Benchmark
  public long upsertAndCommit() {
    for (int i = 0; i < rowsPerCommit; i++) {
      writer.write(rows, cursor, "2024-01-01");
      cursor = cursor + 1 == rows.size() ? 0 : cursor + 1;
    }
    writer.commit(++identifier);
    return identifier;
  }
}
