package dev.lakeops.table.flink.sink;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.catalog.TableDefinition;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.TypeRoot;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * The tables, event streams, jobs and faults the Flink tests of the sink and the source share: an
 * order stream of upserts and deletes with its expected table, and the MiniCluster of the JVM.
 */
public final class SinkTestJobs {

  private static final int KEYS = 300;

  private SinkTestJobs() {}

  public static FlinkCluster flink() {
    try {
      return FlinkCluster.shared();
    } catch (Exception e) {
      throw new IllegalStateException("Cannot start the Flink MiniCluster", e);
    }
  }

  /** Arms {@code records} record failures (probability {@code p} per record), no I/O faults. */
  public static void arm(long seed, int records, double p) {
    Faults.arm(seed, records, p, 0, 0, 0);
  }

  public static void disarm() {
    Faults.disarm();
  }

  /** Whether a record failure strikes now. */
  public static boolean strikeRecord() {
    return Faults.strike(Faults.recordFailures);
  }

  public static int injected() {
    return Faults.injected.get();
  }

  /** {@code dt STRING, id BIGINT, amount BIGINT}, partitioned by dt, primary key (dt, id). */
  public static Table orders(Catalog catalog, Map<String, String> options) {
    catalog.createDatabaseIfNotExists("shop");
    return catalog.createTable(
        Identifier.of("shop", "orders"),
        TableDefinition.builder()
            .column("dt", AtomicType.string())
            .column("id", AtomicType.of(TypeRoot.BIGINT))
            .column("amount", AtomicType.of(TypeRoot.BIGINT))
            .partitionKeys("dt")
            .primaryKey("dt", "id")
            .option("bucket", "3")
            .option("file.format", "avro")
            .options(options)
            .build());
  }

  /** An empty table shaped as {@link #orders}: {@code shop.orders_copy}. */
  public static Table ordersCopy(Catalog catalog) {
    return catalog.createTable(
        Identifier.of("shop", "orders_copy"),
        TableDefinition.builder()
            .column("dt", AtomicType.string())
            .column("id", AtomicType.of(TypeRoot.BIGINT))
            .column("amount", AtomicType.of(TypeRoot.BIGINT))
            .partitionKeys("dt")
            .primaryKey("dt", "id")
            .option("bucket", "2")
            .option("file.format", "avro")
            .build());
  }

  /** {@code id BIGINT, note STRING}, no primary key, bucket-unaware. */
  public static Table payments(Catalog catalog) {
    catalog.createDatabaseIfNotExists("shop");
    return catalog.createTable(
        Identifier.of("shop", "payments"),
        TableDefinition.builder()
            .column("id", AtomicType.of(TypeRoot.BIGINT))
            .column("note", AtomicType.string())
            .option("file.format", "avro")
            .build());
  }

  /** Event {@code i} of the order stream: an upsert of key i % KEYS, every 11th a delete. */
  public static Row orderEvent(long i) {
    String dt = "2026-12-0" + (1 + (i / 7) % 2);
    long id = i % KEYS;
    return i % 11 == 10 ? Row.ofKind(RowKind.DELETE, dt, id, i) : Row.of(dt, id, i);
  }

  /** The orders table after events 0..n-1, applied in order. */
  public static List<Row> ordersAfter(long n) {
    Map<List<Object>, Row> model = new LinkedHashMap<>();
    for (long i = 0; i < n; i++) {
      Row e = orderEvent(i);
      List<Object> key = List.of(e.get(0), e.get(1));
      if (e.kind() == RowKind.DELETE) {
        model.remove(key);
      } else {
        model.put(key, e);
      }
    }
    return sorted(new ArrayList<>(model.values()));
  }

  public static List<Row> sorted(List<Row> rows) {
    List<Row> copy = new ArrayList<>(rows);
    copy.sort(
        java.util.Comparator.comparing((Row r) -> (String) r.get(0))
            .thenComparing(r -> (Long) r.get(1)));
    return copy;
  }

  public static List<Row> read(Table table) {
    Table t = table.refresh();
    return t.newRead().readAll(t.newScan().plan());
  }

  /** Counts of each payment id in the table. */
  public static Map<Long, Integer> paymentCounts(Table table) {
    Map<Long, Integer> counts = new TreeMap<>();
    for (Row r : read(table)) {
      counts.merge((Long) r.get(0), 1, Integer::sum);
    }
    return counts;
  }

  public static List<Snapshot> snapshots(Table table) {
    Table t = table.refresh();
    List<Snapshot> all = new ArrayList<>();
    long latest = t.latestSnapshot().map(Snapshot::id).orElse(0L);
    for (long id = 1; id <= latest; id++) {
      all.add(t.snapshotStore().loadSnapshot(id));
    }
    return all;
  }

  public static StreamExecutionEnvironment env(int restartAttempts) {
    return env(restartAttempts, new Configuration());
  }

  public static StreamExecutionEnvironment env(int restartAttempts, Configuration base) {
    Configuration conf = new Configuration(base);
    conf.set(CheckpointingOptions.CHECKPOINTING_INTERVAL, Duration.ofMillis(100));
    conf.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
    conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, restartAttempts);
    conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ofMillis(20));
    StreamExecutionEnvironment env = flink().environment(conf);
    env.setParallelism(2);
    return env;
  }

  /** Events 0..count-1 at {@code perSecond}, replayed from the last checkpoint after a failover. */
  public static DataStream<Long> events(
      StreamExecutionEnvironment env, long count, double perSecond) {
    return env.fromSource(
            new DataGeneratorSource<>(
                i -> i, count, RateLimiterStrategy.perSecond(perSecond), Types.LONG),
            WatermarkStrategy.noWatermarks(),
            "events")
        .setParallelism(1);
  }

  /** Fails the task now and then, while {@link Faults} has record failures to spend. */
  public static final class FailingMap<T> implements MapFunction<Long, T> {
    private final org.apache.flink.api.java.functions.KeySelector<Long, T> convert;

    FailingMap(org.apache.flink.api.java.functions.KeySelector<Long, T> convert) {
      this.convert = convert;
    }

    @Override
    public T map(Long i) throws Exception {
      if (Faults.strike(Faults.recordFailures)) {
        throw new IllegalStateException("Injected failure at event " + i);
      }
      return convert.getKey(i);
    }
  }

  public static DataStream<Row> rows(
      DataStream<Long> events, org.apache.flink.api.java.functions.KeySelector<Long, Row> f) {
    return events.map(new FailingMap<>(f)).returns(TypeInformation.of(Row.class)).setParallelism(1);
  }
}
