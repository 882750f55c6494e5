package dev.lakeops.table.bench;

import dev.lakeops.table.Table;
import dev.lakeops.table.data.CloseableIterator;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.io.LocalFileIO;
import dev.lakeops.table.read.StreamPlan;
import dev.lakeops.table.read.StreamingScan;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.FileStoreTableFactory;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.table.source.SnapshotNotExistPlan;
import org.apache.paimon.table.source.StreamTableScan;
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
 * Streaming read of 100 snapshots: Paimon writes one primary-key table per trial ({@code snapshots}
 * commits of {@code rowsPerCommit} upserts over {@code keySpace} keys, 2 buckets; with {@code
 * changelog-producer=input} each commit also writes its changelog files). Each operation starts a
 * streaming read at snapshot 1 ({@code scan.mode=from-snapshot}) and follows it until it has caught
 * up with the latest snapshot, reading every changed row with its kind: the delta files of each
 * APPEND snapshot, or the changelog files. Score: whole streams per second.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 10)
@Measurement(iterations = 3, time = 10)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn"})
public class StreamingReadBenchmark {

  private static final Map<String, String> FROM_FIRST =
      Map.of("scan.mode", "from-snapshot", "scan.snapshot-id", "1");

  @Param({"none", "input"})
  public String changelog;

  @Param({"lakeops", "paimon"})
  public String engine;

  @Param("100")
  public int snapshots;

  @Param("1000")
  public int rowsPerCommit;

  @Param("20000")
  public int keySpace;

  private Path dir;
  private Path table;

  @Setup(Level.Trial)
  public void writeTableWithPaimon() {
    dir = Dirs.create("bench-stream-");
    Engine writer = new PaimonEngine();
    table =
        writer.createOrders(
            dir.resolve("warehouse"),
            "orders",
            "avro",
            2,
            false,
            Map.of("changelog-producer", changelog));
    OrderRows rows = OrderRows.generate(snapshots * rowsPerCommit, keySpace, 11);
    try (Engine.Writer w = writer.openWriter(table, dir.resolve("tmp"))) {
      int i = 0;
      for (int c = 1; c <= snapshots; c++) {
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
    long theirs = paimon(table, check);
    long ours = lakeops(table, check);
    if (ours != theirs || ours == 0) {
      throw new IllegalStateException("lakeops streams " + ours + " rows, Paimon " + theirs);
    }
  }

  @TearDown(Level.Trial)
  public void dropTable() {
    Dirs.delete(dir);
  }

  @Benchmark
  public long streamAll(Blackhole sink) {
    return engine.equals("lakeops") ? lakeops(table, sink) : paimon(table, sink);
  }

  static long lakeops(Path tableDir, Blackhole sink) {
    Table t = Table.load(new LocalFileIO(), tableDir);
    StreamingScan scan = t.newStreamingScan(FROM_FIRST);
    long rows = 0;
    for (Optional<StreamPlan> plan = scan.poll(); plan.isPresent(); plan = scan.poll()) {
      try (CloseableIterator<Row> it = t.newRead().open(plan.get().plan())) {
        while (it.hasNext()) {
          Row row = it.next();
          sink.consume(row.kind());
          for (int i = 0; i < row.arity(); i++) {
            sink.consume(row.get(i));
          }
          rows++;
        }
      }
    }
    return rows;
  }

  static long paimon(Path tableDir, Blackhole sink) {
    FileStoreTable t =
        FileStoreTableFactory.create(
                org.apache.paimon.fs.local.LocalFileIO.create(),
                new org.apache.paimon.fs.Path(tableDir.toUri()))
            .copy(FROM_FIRST);
    long latest = t.snapshotManager().latestSnapshotId();
    ReadBuilder builder = t.newReadBuilder();
    StreamTableScan scan = builder.newStreamScan();
    long rows = 0;
    try {
      while (true) {
        org.apache.paimon.table.source.TableScan.Plan plan = scan.plan();
        if (plan == SnapshotNotExistPlan.INSTANCE) {
          Long next = scan.checkpoint();
          if (next != null && next > latest) {
            return rows;
          }
          continue;
        }
        try (RecordReader<InternalRow> reader = builder.newRead().createReader(plan);
            org.apache.paimon.utils.CloseableIterator<InternalRow> it =
                reader.toCloseableIterator()) {
          while (it.hasNext()) {
            InternalRow row = it.next();
            sink.consume(row.getRowKind());
            sink.consume(row.getString(0));
            sink.consume(row.getInt(1));
            sink.consume(row.isNullAt(2) ? null : row.getString(2));
            sink.consume(row.isNullAt(3) ? 0.0 : row.getDouble(3));
            sink.consume(row.isNullAt(4) ? 0L : row.getLong(4));
            rows++;
          }
        }
      }
    } catch (Exception e) {
      throw new IllegalStateException("Paimon failed to stream " + tableDir, e);
    }
  }
}
