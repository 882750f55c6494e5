package dev.lakeops.tools.flink;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Root-cause classes from exception shapes seen in Flink, Paimon, Kafka and Flink CDC failures. */
class FailureCauseTest {

  private static FlinkException parsed(String trace) {
    String t = trace.replace("|", "\n");
    return FlinkHealthJson.fromTrace(t.split(":")[0], t, 1L, "task (1/2)", null);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = ';',
      value = {
        "commit-conflict; java.lang.RuntimeException: File deletion conflicts detected! Give up"
            + " committing.|\tat"
            + " org.apache.paimon.operation.FileStoreCommitImpl.tryCommitOnce(FileStoreCommitImpl.java:1)",
        "commit-conflict; java.lang.RuntimeException: LSM conflicts detected! Give up committing."
            + " Conflict files are:",
        "oom; java.lang.OutOfMemoryError: Java heap space",
        "oom; org.apache.flink.runtime.taskexecutor.exceptions.TaskManagerException: task"
            + " failed|Caused by: java.lang.OutOfMemoryError: Direct buffer memory",
        "checkpoint-timeout; org.apache.flink.util.FlinkRuntimeException: Exceeded checkpoint"
            + " tolerable failure threshold. The latest checkpoint failed due to Checkpoint expired"
            + " before completing.",
        "cdc-source; io.debezium.DebeziumException: Error processing binlog event|\tat"
            + " io.debezium.connector.mysql.MySqlStreamingChangeEventSource.handleEvent(MySqlStreamingChangeEventSource.java:1)",
        "cdc-source; java.lang.RuntimeException: One or more fetchers have encountered"
            + " exception|Caused by:"
            + " com.github.shyiko.mysql.binlog.event.deserialization.MissingTableMapEventException:"
            + " No TableMapEventData has been found for table id:42",
        "deserialization; java.io.IOException: Failed to deserialize consumer record due to|Caused"
            + " by: com.fasterxml.jackson.core.JsonParseException: Unrecognized token 'oops'",
        "kafka-source; org.apache.kafka.common.errors.TimeoutException: Timeout of 60000ms expired"
            + " before the position for partition orders-0 could be determined",
        "kafka-source; java.lang.RuntimeException: One or more fetchers have encountered exception|"
            + "\tat org.apache.flink.connector.kafka.source.reader.KafkaPartitionSplitReader.fetch(KafkaPartitionSplitReader.java:1)",
        "sink-failure; java.io.IOException: Stream Load failed|\tat"
            + " com.example.DorisWriter.write(DorisWriter.java:1)|\tat"
            + " org.apache.flink.streaming.runtime.operators.sink.SinkWriterOperator.processElement(SinkWriterOperator.java:184)",
        "task-failure; java.lang.IllegalStateException: probe: simulated failure at record 14928|"
            + "\tat probe.BackpressureJob$1.map(BackpressureJob.java:35)",
        "task-failure; java.lang.NullPointerException: Cannot invoke String.length() because value"
            + " is null"
      })
  void classifiesTheRootCause(String expected, String trace) {
    assertThat(FailureCause.classify(parsed(trace)).id()).isEqualTo(expected);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = ';',
      value = {
        "java.lang.IllegalStateException: probe: simulated failure;"
            + " java.lang.IllegalStateException; probe: simulated failure",
        "org.apache.flink.runtime.JobException: Recovery is suppressed|Caused by:"
            + " java.lang.OutOfMemoryError: Metaspace; org.apache.flink.runtime.JobException;"
            + " Recovery is suppressed"
      })
  void keepsTheFirstLineAndTheCauses(String trace, String name, String message) {
    FlinkException e = parsed(trace);

    assertThat(e.exceptionName()).isEqualTo(name);
    assertThat(e.message()).isEqualTo(message);
    assertThat(e.vertexName()).isEqualTo("task");
  }
}
