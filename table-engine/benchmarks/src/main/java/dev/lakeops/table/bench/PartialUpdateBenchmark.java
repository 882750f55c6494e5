package dev.lakeops.table.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
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
import org.openjdk.jmh.infra.Blackhole;

/**
 * Partial-update write + merge read: an orders table with {@code merge-engine=partial-update}, fed
 * rows that each fill different value columns (either {@code name}, or {@code price} and {@code
 * qty}, the others null), so that a key's row is assembled from several writes. Each operation
 * writes {@code rowsPerCommit} rows whose keys mostly exist already (ids drawn from {@code
 * keySpace}), commits them as one snapshot, and reads every row of the new snapshot, merged on
 * read. Each iteration starts from an empty table (2 buckets, unpartitioned); both engines compact
 * as they do by default. Score: operations (commit + full read) per second.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 10)
@Measurement(iterations = 3, time = 10)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn"})
public class PartialUpdateBenchmark {

  static final Map<String, String> PARTIAL_UPDATE = Map.of("merge-engine", "partial-update");

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
  private Path table;
  private Engine.Writer writer;
  private long identifier;
  private int cursor;

  @Setup(Level.Trial)
  public void generateRows() {
    rows = OrderRows.generatePartial(rowsPerCommit * 16, keySpace, 42);
    target = Engine.named(engine);
    checkBothEnginesAgree();
  }

  // Both engines write the same commits and must read the same merged rows, field by field.
  private void checkBothEnginesAgree() {
    Path check = Dirs.create("bench-partial-check-");
    try {
      List<List<String>> read = new ArrayList<>();
      Engine[] engines = {new LakeopsEngine(), new PaimonEngine()};
      for (int e = 0; e < 2; e++) {
        Path t =
            engines[e].createOrders(
                check.resolve("w" + e), "orders", format, 2, false, PARTIAL_UPDATE);
        try (Engine.Writer w = engines[e].openWriter(t, check.resolve("tmp" + e))) {
          for (int c = 0; c < 3; c++) {
            for (int i = 0; i < rowsPerCommit; i++) {
              w.write(rows, c * rowsPerCommit + i, "2024-01-01");
            }
            w.commit(c + 1);
          }
        }
        read.add(engines[e].rows(t));
      }
      if (!read.get(0).equals(read.get(1))) {
        throw new IllegalStateException(
            "lakeops reads "
                + read.get(0).size()
                + " rows, Paimon "
                + read.get(1).size()
                + "; first difference: "
                + firstDifference(read.get(0), read.get(1)));
      }
    } finally {
      Dirs.delete(check);
    }
  }

  static String firstDifference(List<String> lakeops, List<String> paimon) {
    for (int i = 0; i < Math.min(lakeops.size(), paimon.size()); i++) {
      if (!lakeops.get(i).equals(paimon.get(i))) {
        return "lakeops " + lakeops.get(i) + ", Paimon " + paimon.get(i);
      }
    }
    return "one list is a prefix of the other";
  }

  @Setup(Level.Iteration)
  public void createEmptyTable() {
    dir = Dirs.create("bench-partial-");
    table =
        target.createOrders(dir.resolve("warehouse"), "orders", format, 2, false, PARTIAL_UPDATE);
    writer = target.openWriter(table, dir.resolve("tmp"));
    identifier = 0;
  }

  @TearDown(Level.Iteration)
  public void dropTable() {
    writer.close();
    Dirs.delete(dir);
  }

  @Benchmark
  public long writeAndReadMerged(Blackhole sink) {
    for (int i = 0; i < rowsPerCommit; i++) {
      writer.write(rows, cursor, "2024-01-01");
      cursor = cursor + 1 == rows.size() ? 0 : cursor + 1;
    }
    writer.commit(++identifier);
    return target.scan(table, sink);
  }
}
