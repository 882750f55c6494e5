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
 * Dynamic-bucket upsert write+commit: as {@link UpsertBenchmark}, on a table in dynamic bucket mode
 * ({@code bucket=-1}, Paimon's default for primary-key tables), partitioned by {@code dt} into two
 * partitions, with {@code dynamic-bucket.target-row-num} = {@code targetRowNum} so that each
 * partition grows to several buckets. Each operation writes {@code rowsPerCommit} rows whose keys
 * mostly exist already, each placed through the hash index (an existing key to its bucket, a new
 * one to a bucket not yet full), and commits them with the grown buckets' new index files. One
 * writer per iteration, kept across commits, as a streaming job keeps its assigner. Score: commits
 * per second.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 10)
@Measurement(iterations = 3, time = 10)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn"})
public class DynamicBucketUpsertBenchmark {

  private static final String[] PARTITIONS = {"2024-01-01", "2024-01-02"};

  @Param({"avro", "parquet"})
  public String format;

  @Param({"lakeops", "paimon"})
  public String engine;

  @Param("20000")
  public int rowsPerCommit;

  @Param("100000")
  public int keySpace;

  @Param("10000")
  public long targetRowNum;

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
  }

  @Setup(Level.Iteration)
  public void createEmptyTable() {
    dir = Dirs.create("bench-dynamic-bucket-");
    Path table =
        target.createOrders(
            dir.resolve("warehouse"),
            "orders",
            format,
            -1,
            true,
            Map.of("dynamic-bucket.target-row-num", Long.toString(targetRowNum)));
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
      writer.write(rows, cursor, PARTITIONS[rows.ids[cursor] & 1]);
      cursor = cursor + 1 == rows.size() ? 0 : cursor + 1;
    }
    writer.commit(++identifier);
    return identifier;
  }
}
