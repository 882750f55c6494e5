package dev.lakeops.tools.flink;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ExceptionLinkTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = ';',
      value = {
        "java.io.IOException: disk full; java.io.IOException; disk full",
        "Caused by: java.lang.OutOfMemoryError: Java heap space; java.lang.OutOfMemoryError; Java"
            + " heap space",
        "java.lang.NullPointerException; java.lang.NullPointerException; ''",
        "org.apache.flink.util.SerializedThrowable: java.io.IOException: disk full;"
            + " java.io.IOException; disk full",
        "Caused by: org.apache.flink.util.SerializedThrowable: org.apache.kafka.common.errors"
            + ".TimeoutException: Timeout expired; org.apache.kafka.common.errors.TimeoutException;"
            + " Timeout expired"
      })
  void splitsClassAndMessageAndSeesThroughSerializedThrowable(
      String line, String className, String message) {
    ExceptionLink link = ExceptionLink.parse(line);

    assertThat(link.className()).isEqualTo(className);
    assertThat(link.message()).isEqualTo(message);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = ';',
      value = {
        "org.apache.flink.runtime.JobException: Recovery is suppressed by"
            + " NoRestartBackoffTimeStrategy; true",
        "org.apache.flink.runtime.JobException: Recovery is suppressed by"
            + " FixedDelayRestartBackoffTimeStrategy(maxNumberRestartAttempts=3,"
            + " backoffTimeMS=1000); true",
        "java.util.concurrent.ExecutionException: java.io.IOException: disk full; true",
        "java.util.concurrent.CompletionException: java.lang.IllegalStateException: boom; true",
        "org.apache.flink.util.FlinkRuntimeException: java.io.IOException: disk full; true",
        "java.lang.RuntimeException: org.apache.kafka.common.KafkaException: closed; true",
        "org.apache.flink.runtime.client.JobExecutionException: Job execution failed.; true",
        "java.io.IOException: disk full; false",
        "org.apache.flink.runtime.JobException: Cannot instantiate the coordinator; false",
        "org.apache.flink.util.FlinkRuntimeException: Exceeded checkpoint tolerable failure"
            + " threshold.; false",
        "java.lang.RuntimeException: e.g. retries exhausted; false",
        "java.lang.OutOfMemoryError: Java heap space; false"
      })
  void knowsWhichLinksOnlyWrapTheirCause(String line, boolean wrapper) {
    assertThat(ExceptionLink.parse(line).isWrapper()).isEqualTo(wrapper);
  }
}
