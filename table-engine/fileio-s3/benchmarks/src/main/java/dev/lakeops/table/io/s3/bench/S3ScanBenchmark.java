package dev.lakeops.table.io.s3.bench;

import dev.lakeops.table.Table;
import dev.lakeops.table.data.CloseableIterator;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.io.FileIOs;
import dev.lakeops.table.io.LocalFileIO;
import dev.lakeops.table.io.s3.S3ProxyServer;
import dev.lakeops.table.io.s3.S3Settings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.options.Options;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.FileStoreTableFactory;
import org.apache.paimon.table.sink.BatchTableCommit;
import org.apache.paimon.table.sink.BatchTableWrite;
import org.apache.paimon.table.sink.BatchWriteBuilder;
import org.apache.paimon.table.source.DataSplit;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.table.source.Split;
import org.apache.paimon.types.DataTypes;
import org.jspecify.annotations.Nullable;
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
 * Scan planning and a full merge-on-read scan of a table with many files in a bucket of a real
 * S3Proxy: Apache Paimon writes it once per trial on the local disk ({@code commits} commits of 512
 * rows into 16 partitions × 4 buckets, {@code write-only}, about {@code commits × 64} live data
 * files), and it is uploaded as it is. Each operation loads the table afresh over the engine's own
 * S3 client (created once per trial, as a long-running reader keeps it) and plans a full scan of
 * the latest snapshot ({@link #planFullScan}) or plans it and reads every row, merging the versions
 * of each key ({@link #readFullScan}). Both engines must plan the same files and read the same
 * number of rows before the trial starts. Both clients reach S3Proxy through a {@link
 * CountingRelay}; at the end of the trial the requests per operation of the engine are printed.
 * Score: operations per second.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 10)
@Measurement(iterations = 3, time = 10)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn"})
public class S3ScanBenchmark {

  static final int PARTITIONS = 16;

  @Param({"lakeops", "paimon"})
  public String engine;

  @Param("100")
  public int commits;

  private Path scratch;
  private CountingRelay relay;
  private String tableUri;
  private FileIO lakeopsIo;
  private org.apache.paimon.fs.FileIO paimonIo;
  private long expectedFiles;
  private long ops;
  private long expectedRows;
  private long requestsAtStart;

  @Setup(Level.Trial)
  public void writeAndUpload() throws Exception {
    scratch = Files.createTempDirectory("bench-s3-plan-");
    Path local = writeWithPaimon(scratch.resolve("warehouse"));
    S3ProxyServer server = S3ProxyServer.get();
    String bucket = server.newBucket();
    tableUri = "s3://" + bucket + "/wh/db.db/events";
    upload(local, FileIOs.open(tableUri, server.options()), FileIOs.rootPath(tableUri));
    relay = new CountingRelay(server.endpoint().getPort());
    Map<String, String> viaRelay = new HashMap<>(server.options());
    viaRelay.put(S3Settings.ENDPOINT, "http://127.0.0.1:" + relay.port());
    lakeopsIo = FileIOs.open(tableUri, viaRelay);
    Options o = new Options();
    o.set("s3.endpoint", "http://127.0.0.1:" + relay.port());
    o.set("s3.access-key", viaRelay.get(S3Settings.ACCESS_KEY));
    o.set("s3.secret-key", viaRelay.get(S3Settings.SECRET_KEY));
    o.set("s3.path.style.access", "true");
    paimonIo =
        org.apache.paimon.fs.FileIO.get(
            new org.apache.paimon.fs.Path(tableUri), CatalogContext.create(o));
    expectedFiles = planWithPaimon();
    long ours = planWithLakeops();
    if (ours != expectedFiles) {
      throw new IllegalStateException("lakeops plans " + ours + " files, Paimon " + expectedFiles);
    }
    expectedRows = readWithPaimon(null);
    long ourRows = readWithLakeops(null);
    if (ourRows != expectedRows) {
      throw new IllegalStateException("lakeops reads " + ourRows + " rows, Paimon " + expectedRows);
    }
    requestsAtStart = relay.requests();
    ops = 0;
  }

  @TearDown(Level.Trial)
  public void report() throws IOException {
    long requests = relay.requests() - requestsAtStart;
    System.out.printf(
        "%n%s: %d files, %d rows, %d operations, %.1f requests per operation (total since the"
            + " trial began: %s)%n",
        engine,
        expectedFiles,
        expectedRows,
        ops,
        ops == 0 ? 0.0 : (double) requests / ops,
        relay.counts());
    relay.close();
    try (Stream<Path> files = Files.walk(scratch)) {
      files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }

  @Benchmark
  public long planFullScan() {
    ops++;
    return engine.equals("lakeops") ? planWithLakeops() : planWithPaimon();
  }

  /** Plans and reads every row of the latest snapshot, merging the versions of each key. */
  @Benchmark
  public long readFullScan(Blackhole sink) {
    ops++;
    return engine.equals("lakeops") ? readWithLakeops(sink) : readWithPaimon(sink);
  }

  private long readWithLakeops(@Nullable Blackhole sink) {
    Table table = Table.load(lakeopsIo, FileIOs.rootPath(tableUri));
    long rows = 0;
    try (CloseableIterator<Row> it = table.newRead().open(table.newScan().plan())) {
      while (it.hasNext()) {
        Row row = it.next();
        if (sink != null) {
          for (int i = 0; i < row.arity(); i++) {
            sink.consume(row.get(i));
          }
        }
        rows++;
      }
    }
    return rows;
  }

  private long readWithPaimon(@Nullable Blackhole sink) {
    ReadBuilder builder =
        FileStoreTableFactory.create(paimonIo, new org.apache.paimon.fs.Path(tableUri))
            .newReadBuilder();
    long rows = 0;
    try (RecordReader<InternalRow> reader =
            builder.newRead().createReader(builder.newScan().plan());
        org.apache.paimon.utils.CloseableIterator<InternalRow> it = reader.toCloseableIterator()) {
      while (it.hasNext()) {
        InternalRow row = it.next();
        if (sink != null) {
          sink.consume(row.getString(0));
          sink.consume(row.getInt(1));
          sink.consume(row.isNullAt(2) ? null : row.getString(2));
          sink.consume(row.isNullAt(3) ? 0.0 : row.getDouble(3));
        }
        rows++;
      }
    } catch (Exception e) {
      throw new IllegalStateException("Paimon failed to read " + tableUri, e);
    }
    return rows;
  }

  private long planWithLakeops() {
    return Table.load(lakeopsIo, FileIOs.rootPath(tableUri)).newScan().plan().fileCount();
  }

  private long planWithPaimon() {
    FileStoreTable table =
        FileStoreTableFactory.create(paimonIo, new org.apache.paimon.fs.Path(tableUri));
    long files = 0;
    for (Split split : table.newReadBuilder().newScan().plan().splits()) {
      files += ((DataSplit) split).dataFiles().size();
    }
    return files;
  }

  private Path writeWithPaimon(Path warehouse) throws Exception {
    Options options = new Options();
    options.set("warehouse", warehouse.toUri().toString());
    try (Catalog catalog = CatalogFactory.createCatalog(CatalogContext.create(options))) {
      catalog.createDatabase("db", true);
      Identifier id = Identifier.create("db", "events");
      catalog.createTable(
          id,
          Schema.newBuilder()
              .column("dt", DataTypes.STRING())
              .column("id", DataTypes.INT())
              .column("name", DataTypes.STRING())
              .column("price", DataTypes.DOUBLE())
              .partitionKeys("dt")
              .primaryKey("dt", "id")
              .option("bucket", "4")
              .option("file.format", "avro")
              .option("write-only", "true")
              .build(),
          false);
      int rowsPerCommit = PARTITIONS * 32;
      java.util.Random random = new java.util.Random(11);
      for (int c = 1; c <= commits; c++) {
        BatchWriteBuilder wb = catalog.getTable(id).newBatchWriteBuilder();
        try (BatchTableWrite w = wb.newWrite();
            BatchTableCommit commit = wb.newCommit()) {
          for (int r = 0; r < rowsPerCommit; r++) {
            w.write(
                GenericRow.of(
                    BinaryString.fromString(String.format("2024-01-%02d", 1 + r % PARTITIONS)),
                    random.nextInt(1_000_000),
                    BinaryString.fromString("n" + r),
                    random.nextDouble()));
          }
          commit.commit(w.prepareCommit());
        }
      }
    }
    return warehouse.resolve("db.db").resolve("events");
  }

  /** Copies the table directory into the bucket, 8 uploads at a time. */
  private static void upload(Path local, FileIO store, Path root) throws Exception {
    LocalFileIO disk = new LocalFileIO();
    List<Path> files;
    try (Stream<Path> walk = Files.walk(local)) {
      files = walk.filter(Files::isRegularFile).toList();
    }
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (Path f : files) {
        done.add(
            pool.submit(
                () ->
                    store.writeAtomically(
                        root.resolve(local.relativize(f).toString()), disk.readBytes(f))));
      }
      for (Future<?> d : done) {
        d.get();
      }
    } finally {
      pool.shutdown();
    }
    if (files.isEmpty()) {
      throw new UncheckedIOException(new IOException("Paimon wrote nothing under " + local));
    }
  }
}
