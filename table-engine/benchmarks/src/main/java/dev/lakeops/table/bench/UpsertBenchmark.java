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
 * Primary-key upsert write+commit: each operation writes {@code rowsPerCommit} rows whose keys
 * mostly exist already (ids drawn from {@code keySpace}) and commits them as one snapshot. Each
 * iteration starts from an empty table (2 buckets, unpartitioned) so that the table grows the same
 * way for both engines; both compact as they do by default (lakeops after a flush, Paimon in a
 * background thread). Score: commits per second (rows per second = score × rowsPerCommit).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 10)
@Measurement(iterations = 3, time = 10)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn"})
public class UpsertBenchmark {

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
  }

  @Setup(Level.Iteration)
  public void createEmptyTable() {
    dir = Dirs.create("bench-upsert-");
    Path table =
        target.createOrders(dir.resolve("warehouse"), "orders", format, 2, false, Map.of());
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
