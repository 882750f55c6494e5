package dev.lakeops.eval.sandbox;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.catalog.TableDefinition;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.flink.data.TableRowTypeInfo;
import dev.lakeops.table.flink.sink.TableSink;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.TypeRoot;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * The sandbox's lake table with a duplicate-write incident: {@code lake.payments}, an append table
 * written by the lake-writer Flink job through the lakeops sink (commit user {@code
 * orders-to-lake-1}), {@value #ROWS_PER_CHECKPOINT} payments per checkpoint; then the job is
 * started again without its state, so as a new commit user, and replays the same payments from the
 * start: every payment is in the table twice, which is the failover incident lakeops diagnoses and
 * repairs. Both jobs run on a local Flink MiniCluster in this JVM.
 */
public final class DemoLakeTable {

  public static final String DATABASE = "lake";
  public static final String TABLE = "payments";
  public static final String KEY = "order_id";
  static final String FIRST_WRITER = "orders-to-lake-1";
  static final String RESTARTED_WRITER = "orders-to-lake-2";
  static final int CHECKPOINTS = 5;
  static final int ROWS_PER_CHECKPOINT = 20;

  private DemoLakeTable() {}

  /** {@code lake.payments} in {@code warehouse}, written, restarted without state and replayed. */
  public static Table createWithDuplicateWrite(Path warehouse) {
    Catalog catalog = Catalog.local(warehouse);
    catalog.createDatabaseIfNotExists(DATABASE);
    Table table =
        catalog.createTable(
            Identifier.of(DATABASE, TABLE),
            TableDefinition.builder()
                .column(KEY, AtomicType.of(TypeRoot.BIGINT))
                .column("amount_cents", AtomicType.of(TypeRoot.INT))
                .option("file.format", "avro")
                .build());
    for (String writer : List.of(FIRST_WRITER, RESTARTED_WRITER)) {
      runLakeWriter(warehouse, writer);
    }
    return table.refresh();
  }

  // the lake-writer job: the payments of five checkpoints (the source releases the next batch when
  // a checkpoint completes), written through the sink as commit user `writer`
  private static void runLakeWriter(Path warehouse, String writer) {
    Configuration conf = new Configuration();
    conf.set(CheckpointingOptions.CHECKPOINTING_INTERVAL, Duration.ofMillis(100));
    conf.set(RestOptions.BIND_ADDRESS, "127.0.0.1");
    conf.set(RestOptions.BIND_PORT, "0");
    StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(1, conf);
    long rows = (long) CHECKPOINTS * ROWS_PER_CHECKPOINT;
    TableSink.forTable(warehouse.toAbsolutePath().toString(), name())
        .commitUser(writer)
        .sinkFrom(
            env.fromSource(
                    new DataGeneratorSource<>(
                        i -> i + 1,
                        rows,
                        RateLimiterStrategy.perCheckpoint(ROWS_PER_CHECKPOINT),
                        Types.LONG),
                    WatermarkStrategy.noWatermarks(),
                    "orders")
                .map(orderId -> Row.of(orderId, (int) (orderId * 7 % 10_000)))
                .returns(TableRowTypeInfo.INSTANCE)
                .name("to-payment"));
    try {
      env.execute("orders-to-lake (" + writer + ")");
    } catch (Exception e) {
      throw new IllegalStateException(
          "The sandbox's lake-writer job (" + writer + ") failed: " + e.getMessage(), e);
    }
  }

  /** {@code database.table}, as alerts name it. */
  public static String name() {
    return DATABASE + "." + TABLE;
  }
}
