package dev.lakeops.table.flink.benchmarks;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.catalog.TableDefinition;
import dev.lakeops.table.data.CloseableIterator;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.flink.data.TableRowTypeInfo;
import dev.lakeops.table.flink.sink.TableSink;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.TypeRoot;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.connector.datagen.source.GeneratorFunction;
import org.apache.flink.runtime.jobmaster.JobResult;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.flink.sink.FlinkSinkBuilder;
import org.apache.paimon.options.Options;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.types.DataTypes;

/**
 * Sink throughput of the lakeops Flink sink against Apache Paimon's Flink sink ({@link
 * FlinkSinkBuilder}, Paimon's DataStream API), on one MiniCluster, with the same generated rows,
 * the same schema and options, the same checkpoint interval and parallelism. For a primary-key
 * table (bucket 2, deduplicate) and an append table, the engines alternate for several rounds,
 * after a warm-up round that is not counted; each run's wall time (submission to job end) gives
 * rows/s, and each table is read back by its own engine's reader and counted.
 *
 * <p>Arguments: {@code [rows] [rounds] [workDir]}, by default 2000000 rows, 3 rounds, a fresh
 * temporary folder.
 */
public final class SinkThroughput {

  private static final int PARALLELISM = 2;
  private static final Duration CHECKPOINT = Duration.ofSeconds(1);

  private SinkThroughput() {}

  /** The two table shapes. */
  enum Shape {
    PRIMARY_KEY,
    APPEND
  }

  public static void main(String[] args) throws Exception {
    long n = args.length > 0 ? Long.parseLong(args[0]) : 2_000_000L;
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
    Path work =
        args.length > 2
            ? Files.createDirectories(Path.of(args[2]))
            : Files.createTempDirectory("sink-throughput");
    long keys = Math.max(1, n / 2);

    Configuration conf = new Configuration();
    conf.set(RestOptions.ADDRESS, "127.0.0.1");
    conf.set(RestOptions.BIND_ADDRESS, "127.0.0.1");
    conf.set(RestOptions.BIND_PORT, "0");
    conf.set(TaskManagerOptions.NETWORK_MEMORY_MIN, MemorySize.parse("64m"));
    conf.set(TaskManagerOptions.NETWORK_MEMORY_MAX, MemorySize.parse("64m"));
    MiniCluster cluster =
        new MiniCluster(
            new MiniClusterConfiguration.Builder()
                .setConfiguration(conf)
                .setNumTaskManagers(1)
                .setNumSlotsPerTaskManager(PARALLELISM)
                .build());
    cluster.start();
    Map<String, List<Double>> rates = new LinkedHashMap<>();
    try {
      var rest = cluster.getRestAddress().get(30, TimeUnit.SECONDS);
      int run = 0;
      // round 0 warms the JIT and the cluster up for both engines and is not counted
      for (int round = 0; round <= rounds; round++) {
        for (Shape shape : Shape.values()) {
          // alternate which engine goes first from round to round
          boolean lakeopsFirst = round % 2 == 0;
          for (int k = 0; k < 2; k++) {
            boolean lakeops = (k == 0) == lakeopsFirst;
            Path wh = work.resolve("run-" + run++);
            StreamExecutionEnvironment env =
                StreamExecutionEnvironment.createRemoteEnvironment(
                    rest.getHost(), rest.getPort(), jobConf());
            env.setParallelism(PARALLELISM);
            long expected = shape == Shape.APPEND ? n : Math.min(n, keys);
            long count;
            long nanos;
            if (lakeops) {
              Table table = lakeopsTable(wh, shape);
              TableSink.forTable(wh.toString(), "bench.t")
                  .parallelism(PARALLELISM)
                  .sinkFrom(lakeopsRows(env, n, keys, shape));
              nanos = runJob(cluster, env);
              count = countLakeops(table);
            } else {
              org.apache.paimon.table.Table table = paimonTable(wh, shape);
              new FlinkSinkBuilder(table)
                  .forRowData(paimonRows(env, n, keys, shape))
                  .parallelism(PARALLELISM)
                  .build();
              nanos = runJob(cluster, env);
              count = countPaimon(table);
            }
            String engine = lakeops ? "lakeops" : "paimon";
            if (count != expected) {
              throw new IllegalStateException(
                  engine + " " + shape + " table holds " + count + " rows, expected " + expected);
            }
            double perSecond = n / (nanos / 1e9);
            if (round > 0) {
              rates.computeIfAbsent(engine + " " + shape, x -> new ArrayList<>()).add(perSecond);
            }
            System.out.printf(
                Locale.ROOT,
                "%-7s %-11s %-7s %8.2f s %10.0f rows/s  (read back %d rows)%n",
                round == 0 ? "warm-up" : "round " + round,
                shape,
                engine,
                nanos / 1e9,
                perSecond,
                count);
          }
        }
      }
    } finally {
      cluster.close();
    }
    System.out.println();
    System.out.printf(
        Locale.ROOT,
        "rows %d, rounds %d, parallelism %d, checkpoint %s%n",
        n,
        rounds,
        PARALLELISM,
        CHECKPOINT);
    for (Shape shape : Shape.values()) {
      List<Double> l = rates.get("lakeops " + shape);
      List<Double> p = rates.get("paimon " + shape);
      System.out.printf(
          Locale.ROOT,
          "%-11s lakeops %10.0f ± %8.0f rows/s   paimon %10.0f ± %8.0f rows/s   ratio %.2f%n",
          shape,
          mean(l),
          stddev(l),
          mean(p),
          stddev(p),
          mean(l) / mean(p));
    }
  }

  private static Configuration jobConf() {
    Configuration conf = new Configuration();
    conf.set(CheckpointingOptions.CHECKPOINTING_INTERVAL, CHECKPOINT);
    return conf;
  }

  private static long runJob(MiniCluster cluster, StreamExecutionEnvironment env) throws Exception {
    // the previous job's slots are released asynchronously: let them free before timing
    Thread.sleep(3000);
    long start = System.nanoTime();
    JobID job = env.executeAsync().getJobID();
    JobResult result = cluster.requestJobResult(job).get(30, TimeUnit.MINUTES);
    long nanos = System.nanoTime() - start;
    if (!result.isSuccess()) {
      throw new IllegalStateException(
          "job " + job + " ended " + result.getApplicationStatus(),
          result.getSerializedThrowable().orElse(null));
    }
    return nanos;
  }

  // ---- lakeops ----

  private static Table lakeopsTable(Path wh, Shape shape) {
    Catalog catalog = Catalog.open(wh.toString(), Map.of());
    catalog.createDatabaseIfNotExists("bench");
    TableDefinition.Builder b =
        TableDefinition.builder()
            .column("id", AtomicType.of(TypeRoot.BIGINT).withNullable(false))
            .column("n", AtomicType.of(TypeRoot.INT))
            .column("s", AtomicType.string())
            .column("amount", AtomicType.decimal(12, 2));
    if (shape == Shape.PRIMARY_KEY) {
      b.primaryKey("id").option("bucket", "2").option("merge-engine", "deduplicate");
    }
    return catalog.createTable(Identifier.of("bench", "t"), b.build());
  }

  private static DataStream<Row> lakeopsRows(
      StreamExecutionEnvironment env, long n, long keys, Shape shape) {
    boolean pk = shape == Shape.PRIMARY_KEY;
    GeneratorFunction<Long, Row> f =
        i ->
            Row.of(
                pk ? i % keys : i,
                (int) (long) i,
                "row " + i,
                BigDecimal.valueOf(i % 1_000_000, 2));
    return env.fromSource(
        new DataGeneratorSource<>(f, n, RateLimiterStrategy.noOp(), TableRowTypeInfo.INSTANCE),
        WatermarkStrategy.noWatermarks(),
        "rows");
  }

  private static long countLakeops(Table table) throws Exception {
    Table t = table.refresh();
    long count = 0;
    try (CloseableIterator<Row> it = t.newRead().open(t.newScan().plan())) {
      while (it.hasNext()) {
        it.next();
        count++;
      }
    }
    return count;
  }

  // ---- Apache Paimon ----

  private static org.apache.paimon.table.Table paimonTable(Path wh, Shape shape) throws Exception {
    Options o = new Options();
    o.set("warehouse", wh.toUri().toString());
    org.apache.paimon.catalog.Catalog catalog =
        CatalogFactory.createCatalog(CatalogContext.create(o));
    catalog.createDatabase("bench", true);
    Schema.Builder b =
        Schema.newBuilder()
            .column("id", DataTypes.BIGINT().notNull())
            .column("n", DataTypes.INT())
            .column("s", DataTypes.STRING())
            .column("amount", DataTypes.DECIMAL(12, 2));
    if (shape == Shape.PRIMARY_KEY) {
      b.primaryKey("id").option("bucket", "2").option("merge-engine", "deduplicate");
    }
    org.apache.paimon.catalog.Identifier id =
        org.apache.paimon.catalog.Identifier.create("bench", "t");
    catalog.createTable(id, b.build(), false);
    return catalog.getTable(id);
  }

  private static DataStream<RowData> paimonRows(
      StreamExecutionEnvironment env, long n, long keys, Shape shape) {
    boolean pk = shape == Shape.PRIMARY_KEY;
    RowType type =
        RowType.of(
            new LogicalType[] {
              new BigIntType(false),
              new IntType(),
              new VarCharType(VarCharType.MAX_LENGTH),
              new DecimalType(12, 2)
            },
            new String[] {"id", "n", "s", "amount"});
    GeneratorFunction<Long, RowData> f =
        i ->
            GenericRowData.of(
                pk ? i % keys : i,
                (int) (long) i,
                StringData.fromString("row " + i),
                DecimalData.fromBigDecimal(BigDecimal.valueOf(i % 1_000_000, 2), 12, 2));
    return env.fromSource(
        new DataGeneratorSource<>(f, n, RateLimiterStrategy.noOp(), InternalTypeInfo.of(type)),
        WatermarkStrategy.noWatermarks(),
        "rows");
  }

  private static long countPaimon(org.apache.paimon.table.Table table) throws Exception {
    org.apache.paimon.table.Table t = table;
    ReadBuilder rb = t.newReadBuilder();
    long count = 0;
    try (RecordReader<InternalRow> reader = rb.newRead().createReader(rb.newScan().plan())) {
      RecordReader.RecordIterator<InternalRow> batch;
      while ((batch = reader.readBatch()) != null) {
        while (batch.next() != null) {
          count++;
        }
        batch.releaseBatch();
      }
    }
    return count;
  }

  private static double mean(List<Double> v) {
    return v.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
  }

  private static double stddev(List<Double> v) {
    if (v.size() < 2) {
      return 0;
    }
    double m = mean(v);
    double sum = 0;
    for (double x : v) {
      sum += (x - m) * (x - m);
    }
    return Math.sqrt(sum / (v.size() - 1));
  }
}
