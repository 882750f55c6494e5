package dev.lakeops.table.bench;

import java.nio.file.Path;
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
 * Full merge-on-read scan of one primary-key table that both engines read: Paimon writes it once
 * per trial ({@code commits} commits of {@code rowsPerCommit} upserts over {@code keySpace} keys, 2
 * buckets, {@code write-only} so nothing is compacted), leaving overlapping level-0 runs in every
 * bucket that a reader must merge by key, newest sequence number winning. Each operation loads the
 * table and reads every row of the latest snapshot. Score: scans per second.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 10)
@Measurement(iterations = 3, time = 10)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn"})
public class MergeReadBenchmark {

  @Param({"avro", "parquet"})
  public String format;

  @Param({"lakeops", "paimon"})
  public String engine;

  @Param("5")
  public int commits;

  @Param("100000")
  public int rowsPerCommit;

  @Param("200000")
  public int keySpace;

  private Engine target;
  private Path dir;
  private Path table;

  @Setup(Level.Trial)
  public void writeTableWithPaimon() {
    target = Engine.named(engine);
    dir = Dirs.create("bench-read-");
    Engine writer = new PaimonEngine();
    table =
        writer.createOrders(
            dir.resolve("warehouse"), "orders", format, 2, false, Map.of("write-only", "true"));
    OrderRows rows = OrderRows.generate(commits * rowsPerCommit, keySpace, 7);
    try (Engine.Writer w = writer.openWriter(table, dir.resolve("tmp"))) {
      int i = 0;
      for (int c = 1; c <= commits; c++) {
        for (int r = 0; r < rowsPerCommit; r++) {
          w.write(rows, i++, "2024-01-01");
        }
        w.commit(c);
      }
    }
    Blackhole check =
        new Blackhole(
            "Today's password is swordfish. I understand instantiating Blackholes directly is"
                + " dangerous.");
    long theirs = writer.scan(table, check);
    long ours = new LakeopsEngine().scan(table, check);
    if (ours != theirs) {
      throw new IllegalStateException("lakeops reads " + ours + " rows, Paimon " + theirs);
    }
  }

  @TearDown(Level.Trial)
  public void dropTable() {
    Dirs.delete(dir);
  }

  @Benchmark
  public long scanAll(Blackhole sink) {
    return target.scan(table, sink);
  }
}
