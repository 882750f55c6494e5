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

/**
 * Scan planning on a table with many files: Paimon writes it once per trial ({@code commits} small
 * commits into 16 partitions × 4 buckets, {@code write-only} so no file is compacted away; Paimon
 * merges its manifests as it commits, as in production), about {@code commits × 64} live data
 * files. Each operation loads the table afresh (no metadata cache carried over) and plans a full
 * scan of the latest snapshot: read the manifest lists and manifests, fold ADD/DELETE entries,
 * group files into per-bucket splits. Score: plans per second.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 10)
@Measurement(iterations = 3, time = 10)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn"})
public class ScanPlanBenchmark {

  static final int PARTITIONS = 16;

  @Param({"avro", "parquet"})
  public String format;

  @Param({"lakeops", "paimon"})
  public String engine;

  @Param("100")
  public int commits;

  private Engine target;
  private Path dir;
  private Path table;
  private long expectedFiles;

  @Setup(Level.Trial)
  public void writeManyFilesWithPaimon() {
    target = Engine.named(engine);
    dir = Dirs.create("bench-plan-");
    Engine writer = new PaimonEngine();
    table =
        writer.createOrders(
            dir.resolve("warehouse"), "events", format, 4, true, Map.of("write-only", "true"));
    int rowsPerCommit = PARTITIONS * 32;
    OrderRows rows = OrderRows.generate(commits * rowsPerCommit, 1_000_000, 11);
    try (Engine.Writer w = writer.openWriter(table, dir.resolve("tmp"))) {
      int i = 0;
      for (int c = 1; c <= commits; c++) {
        for (int r = 0; r < rowsPerCommit; r++, i++) {
          w.write(rows, i, String.format("2024-01-%02d", 1 + r % PARTITIONS));
        }
        w.commit(c);
      }
    }
    expectedFiles = new PaimonEngine().plan(table);
    long ours = new LakeopsEngine().plan(table);
    if (ours != expectedFiles) {
      throw new IllegalStateException("lakeops plans " + ours + " files, Paimon " + expectedFiles);
    }
  }

  @TearDown(Level.Trial)
  public void dropTable() {
    Dirs.delete(dir);
  }

  @Benchmark
  public long planFullScan() {
    return target.plan(table);
  }
}
