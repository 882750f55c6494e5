package dev.lakeops.table.flink.sink;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.flink.TableLocation;
import dev.lakeops.table.flink.data.TableRowTypeInfo;
import dev.lakeops.table.write.TableWrite;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.typeinfo.PrimitiveArrayTypeInfo;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.DataStreamSink;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.jspecify.annotations.Nullable;

/**
 * Writes a {@code DataStream} of rows into a lake table exactly once, as Paimon's Flink sink does:
 *
 * <pre>{@code
 * TableSink.forTable("s3://lake/warehouse", "shop.orders")
 *     .options(Map.of("s3.endpoint", endpoint))
 *     .sinkFrom(rows);
 * }</pre>
 *
 * <p>Rows are routed by (partition, bucket) to writer subtasks, one writer per bucket. At each
 * checkpoint the writers hand what they wrote to a single committer, which commits it when the
 * checkpoint completes: one commit per checkpoint, its identifier the checkpoint id, its commit
 * user fixed when the job graph is built and kept in the operators' state. A restored job goes on
 * as the same commit user and skips what it had committed; a job started without its state writes
 * as a new commit user, and what it replays is written again.
 *
 * <p>Rows are best given as {@link TableRowTypeInfo} ({@code .returns(TableRowTypeInfo.INSTANCE)}):
 * a stream of another type, such as Kryo's for {@code TypeInformation.of(Row.class)}, is converted
 * to it first by an operator {@code lake rows: TABLE} chained to the one before.
 *
 * <p>The table must exist; a table kind the engine cannot write is refused here, naming the table
 * and the option, before the job runs. The job must checkpoint (unless it runs in batch mode), with
 * aligned checkpoints: with unaligned ones a checkpoint's change sets could reach the committer
 * after the checkpoint completed.
 */
public final class TableSink {

  private final String warehouse;
  private final String table;
  private final Map<String, String> options = new TreeMap<>();
  private @Nullable String commitUser;
  private @Nullable Integer parallelism;
  private Duration restoreTimeout = Duration.ofMinutes(10);

  private TableSink(String warehouse, String table) {
    this.warehouse = requireNonNull(warehouse, "warehouse");
    this.table = Identifier.parse(requireNonNull(table, "table")).toString();
  }

  /**
   * The sink of table {@code database.table} in the warehouse at {@code warehouseUri}.
   *
   * @throws IllegalArgumentException {@code table} is not {@code database.table}
   */
  public static TableSink forTable(String warehouseUri, String table) {
    return new TableSink(warehouseUri, table);
  }

  /** The warehouse's options (a store's endpoint and credentials, by its FileIO's keys). */
  public TableSink options(Map<String, String> values) {
    options.putAll(values);
    return this;
  }

  /**
   * The commit user of a job started without state; a random one by default. Give the same name
   * only to the same logical job: two jobs writing as one commit user skip each other's commits.
   */
  public TableSink commitUser(String value) {
    if (value.isBlank()) {
      throw new IllegalArgumentException("Invalid commit user: empty");
    }
    this.commitUser = value;
    return this;
  }

  /** The writers' parallelism; the input's by default. */
  public TableSink parallelism(int value) {
    if (value < 1) {
      throw new IllegalArgumentException("Invalid sink parallelism " + value + ": must be >= 1");
    }
    this.parallelism = value;
    return this;
  }

  /** How long a restored writer waits for the committer to re-commit its last change set. */
  public TableSink restoreTimeout(Duration value) {
    if (value.isNegative() || value.isZero()) {
      throw new IllegalArgumentException("Invalid restore timeout " + value + ": must be > 0");
    }
    this.restoreTimeout = value;
    return this;
  }

  /**
   * Adds the writers and the committer after {@code rows}.
   *
   * @throws IllegalArgumentException the table cannot be opened or written (names the table and
   *     why), or the job's checkpointing does not fit the sink
   */
  public DataStreamSink<Void> sinkFrom(DataStream<Row> rows) {
    StreamExecutionEnvironment env = rows.getExecutionEnvironment();
    checkCheckpointing(env);
    TableLocation location = TableLocation.of(warehouse, options, table);
    Table opened = open(location);
    String user = commitUser != null ? commitUser : UUID.randomUUID().toString();
    checkWritable(opened, location, user);

    DataStream<Row> typed = typed(rows);
    DataStream<Row> routed =
        BucketRouting.needed(opened.schema())
            ? typed.partitionCustom(
                new BucketRouting(opened.schema()), new BucketRouting(opened.schema()))
            : typed;
    SingleOutputStreamOperator<byte[]> written =
        routed.transform(
            "lake writer: " + table,
            PrimitiveArrayTypeInfo.BYTE_PRIMITIVE_ARRAY_TYPE_INFO,
            new TableWriterOperator(location, user, restoreTimeout));
    written.uid("lakeops-writer-" + table).name("lake writer: " + table);
    if (parallelism != null) {
      written.setParallelism(parallelism);
    }
    SingleOutputStreamOperator<Void> committed =
        written
            .transform(
                "lake committer: " + table, Types.VOID, new TableCommitterOperator(location, user))
            .uid("lakeops-committer-" + table)
            .setParallelism(1)
            .setMaxParallelism(1);
    // Never chained to the writers, even at parallelism 1: a chain takes the committer's maximum
    // parallelism of 1, and the writers could then not be rescaled (by the adaptive scheduler, or
    // from a savepoint) without moving the committer along.
    committed.disableChaining();
    return committed.sinkTo(new DiscardingSink<>()).name("end: " + table).setParallelism(1);
  }

  // rows of another Flink type (Kryo's, from TypeInformation.of(Row.class)) become rows of the
  // engine's own type before they are routed, in an operator chained to the one that made them
  private DataStream<Row> typed(DataStream<Row> rows) {
    if (rows.getType() instanceof TableRowTypeInfo) {
      return rows;
    }
    return rows.map(new AsTableRow())
        .returns(TableRowTypeInfo.INSTANCE)
        .name("lake rows: " + table)
        .uid("lakeops-rows-" + table)
        .setParallelism(rows.getParallelism());
  }

  private static final class AsTableRow implements MapFunction<Row, Row> {
    private static final long serialVersionUID = 1L;

    @Override
    public Row map(Row row) {
      return row;
    }
  }

  private static void checkCheckpointing(StreamExecutionEnvironment env) {
    boolean batch =
        env.getConfiguration().get(ExecutionOptions.RUNTIME_MODE) == RuntimeExecutionMode.BATCH;
    if (batch) {
      return;
    }
    if (!env.getCheckpointConfig().isCheckpointingEnabled()) {
      throw new IllegalArgumentException(
          "The lake sink commits when a checkpoint completes: enable checkpointing"
              + " (execution.checkpointing.interval) or run the job in batch mode"
              + " (execution.runtime-mode: BATCH)");
    }
    if (env.getCheckpointConfig().isUnalignedCheckpointsEnabled()) {
      throw new IllegalArgumentException(
          "The lake sink needs aligned checkpoints: with execution.checkpointing.unaligned.enabled"
              + " a checkpoint's change sets can reach the committer after the checkpoint"
              + " completed; disable unaligned checkpoints for this job");
    }
  }

  private static Table open(TableLocation location) {
    try {
      return location.open();
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(
          "Cannot open lake table " + location + " for the Flink sink: " + e.getMessage(), e);
    }
  }

  // the writer refuses what it cannot write (postpone buckets, cross-partition upserts, merge
  // options it does not implement) when it is made: make one here, so the job fails before it runs
  private static void checkWritable(Table opened, TableLocation location, String user) {
    try (TableWrite probe = opened.newWrite(user)) {
      requireNonNull(probe.commitUser());
    } catch (UnsupportedOperationException | IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "Cannot write lake table " + location + " from Flink: " + e.getMessage(), e);
    }
  }
}
