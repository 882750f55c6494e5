package dev.lakeops.eval.pipeline.cdc;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.flink.TableLocation;
import dev.lakeops.table.flink.cdc.DebeziumJson;
import dev.lakeops.table.flink.sink.TableSink;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * The sandbox's CDC job, {@value #JOB_NAME}: for each Debezium change topic, a Kafka source reading
 * its events as rows ({@link DebeziumRecords}) and the lakeops sink of its lake table. Vertices, as
 * Flink's REST API names them: {@code Source: cdc TOPIC} → {@code lake writer: DB.TABLE} → {@code
 * lake committer: DB.TABLE} → {@code end: DB.TABLE}.
 *
 * <p>The sources start from the earliest offset when the job has no state (the connector's snapshot
 * is at the start of each topic) and from their checkpointed offsets when it is restored; the sink
 * commits once per checkpoint, as commit user {@code cdc-to-lake/DB.TABLE} unless the job is
 * started again without its state, in which case it writes as a new one.
 */
public final class CdcToLake {

  public static final String JOB_NAME = "cdc-to-lake";
  static final String GROUP_ID = "cdc-to-lake";

  private CdcToLake() {}

  /**
   * Adds the job to {@code env} (which must checkpoint).
   *
   * @param storeOptions the warehouse's FileIO options
   * @param tablesByTopic lake table ({@code database.table}) of each change topic
   * @param decimals how the change events' decimals come (they have no Connect schemas)
   * @param commitUserSuffix appended to every commit user: a job started without its state passes
   *     another one
   * @throws IllegalArgumentException a table cannot be opened or written by the sink, naming it
   */
  public static void build(
      StreamExecutionEnvironment env,
      String bootstrap,
      String warehouse,
      Map<String, String> storeOptions,
      Map<String, String> tablesByTopic,
      DebeziumJson.DecimalText decimals,
      String commitUserSuffix) {
    for (Map.Entry<String, String> route : new LinkedHashMap<>(tablesByTopic).entrySet()) {
      String topic = route.getKey();
      String table = route.getValue();
      KafkaSource<Row> source =
          KafkaSource.<Row>builder()
              .setBootstrapServers(bootstrap)
              .setTopics(topic)
              .setGroupId(GROUP_ID)
              .setStartingOffsets(OffsetsInitializer.earliest())
              .setDeserializer(
                  new DebeziumRecords(TableLocation.of(warehouse, storeOptions, table), decimals))
              .build();
      DataStream<Row> rows =
          env.fromSource(source, WatermarkStrategy.noWatermarks(), "cdc " + topic)
              .uid("cdc-source-" + topic);
      TableSink.forTable(warehouse, table)
          .options(storeOptions)
          .commitUser(JOB_NAME + "/" + table + commitUserSuffix)
          .sinkFrom(rows);
    }
  }
}
