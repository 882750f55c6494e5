/**
 * Change data capture into lake tables: {@link dev.lakeops.table.flink.cdc.DebeziumJson} turns the
 * change events a Debezium connector writes to Kafka into the {@code +I}/{@code -U}/{@code
 * +U}/{@code -D} rows that {@link dev.lakeops.table.flink.sink.TableSink} writes.
 */
package dev.lakeops.table.flink.cdc;
