package dev.lakeops.eval.pipeline.cdc;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.flink.TableLocation;
import dev.lakeops.table.flink.cdc.DebeziumJson;
import dev.lakeops.table.flink.data.TableRowTypeInfo;
import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import org.apache.flink.util.Collector;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Reads the Debezium change events of one Kafka topic as the rows of the lake table they go to.
 * Tombstones (the null values Debezium sends after a delete for log compaction) give no rows. An
 * event that cannot be read fails the job, naming its topic, partition and offset: skipping it
 * would leave the lake table silently different from the source.
 */
final class DebeziumRecords implements KafkaRecordDeserializationSchema<Row> {

  private static final long serialVersionUID = 1L;

  private final TableLocation table;
  private final DebeziumJson.DecimalText decimals;
  private transient DebeziumJson json;

  DebeziumRecords(TableLocation table, DebeziumJson.DecimalText decimals) {
    this.table = table;
    this.decimals = decimals;
  }

  @Override
  public void open(DeserializationSchema.InitializationContext context) {
    json = DebeziumJson.forRowType(table.open().schema().rowType(), decimals);
  }

  @Override
  public void deserialize(ConsumerRecord<byte[], byte[]> record, Collector<Row> out) {
    if (record.value() == null) {
      return;
    }
    try {
      json.rows(record.value()).forEach(out::collect);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "Cannot write the change event at "
              + record.topic()
              + "-"
              + record.partition()
              + " offset "
              + record.offset()
              + " to lake table "
              + table.table()
              + ": "
              + e.getMessage(),
          e);
    }
  }

  @Override
  public TypeInformation<Row> getProducedType() {
    return TableRowTypeInfo.INSTANCE;
  }
}
