package dev.lakeops.tools.flink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Json;
import dev.lakeops.tools.Severity;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExceptionAnalyzerTest {

  static final String ROOT =
      "java.io.IOException: Could not write data file"
          + " s3://lake/orders/bucket-3/data-9f2c.parquet: No space left on device";

  private final ExceptionAnalyzer analyzer = new ExceptionAnalyzer();

  /** The hand-built answer of a job that FAILED without restarting, four wrappers deep. */
  static List<FlinkException> failedWithoutRestart() throws IOException {
    String path = "/flink/hand-built/failed-no-restart-exceptions.json";
    try (InputStream in = ExceptionAnalyzerTest.class.getResourceAsStream(path)) {
      return FlinkHealthJson.exceptions(
          "GET http://flink:8081/v1/jobs/" + Snapshots.JOB_ID + "/exceptions",
          Json.mapper().readTree(in));
    }
  }

  @Test
  void namesAFailureByItsRootCauseBelowTheWrappers() throws IOException {
    List<Finding> findings =
        analyzer.analyze(
            Snapshots.running().state("FAILED").exceptions(failedWithoutRestart()).build());

    assertThat(findings).extracting(Finding::code).containsExactly("flink.exception.sink-failure");
    Finding f = findings.get(0);
    assertThat(f.severity()).isEqualTo(Severity.WARN);
    assertThat(f.evidence())
        .containsEntry("rootCauseClass", "java.io.IOException")
        .containsEntry("rootCause", ROOT)
        .containsEntry("exception", "org.apache.flink.runtime.JobException")
        .containsEntry("vertex", "lake-writer: Writer");
    assertThat(f.summary()).contains(ROOT).doesNotStartWith("Task failure");
  }

  @Test
  void classifiesByTheRootCauseNotTheWrapper() {
    String trace =
        "org.apache.flink.runtime.JobException: Recovery is suppressed by"
            + " NoRestartBackoffTimeStrategy\n"
            + "\tat org.apache.flink.runtime.executiongraph.failover.ExecutionFailureHandler"
            + ".handleFailure(ExecutionFailureHandler.java:219)\n"
            + "Caused by: java.util.concurrent.CompletionException:"
            + " java.lang.OutOfMemoryError: Java heap space\n"
            + "Caused by: java.lang.OutOfMemoryError: Java heap space\n";

    List<Finding> findings =
        analyzer.analyze(
            Snapshots.running().state("FAILED").exception(trace, 5_000, "parse (1/2)").build());

    assertThat(findings).extracting(Finding::code).containsExactly("flink.exception.oom");
    assertThat(findings.get(0).evidence())
        .containsEntry("rootCause", "java.lang.OutOfMemoryError: Java heap space");
  }

  @Test
  void keepsAnUnwrappedExceptionAsItsOwnRootCause() {
    List<Finding> findings =
        analyzer.analyze(
            Snapshots.running()
                .exception(
                    "java.lang.IllegalStateException: boom\n\tat x.Map.map(Map.java:1)",
                    5_000,
                    "enrich (1/2)")
                .build());

    assertThat(findings).extracting(Finding::code).containsExactly("flink.exception.task-failure");
    assertThat(findings.get(0).evidence())
        .containsEntry("rootCause", "java.lang.IllegalStateException: boom")
        .containsEntry("exception", "java.lang.IllegalStateException");
  }

  @Test
  void doesNotTakeTheCauseOfASuppressedExceptionForTheRootCause() {
    String trace =
        "java.util.concurrent.CompletionException: java.io.IOException: disk full\n"
            + "\tat java.base/java.util.concurrent.CompletableFuture.encodeThrowable"
            + "(CompletableFuture.java:315)\n"
            + "Caused by: java.io.IOException: disk full\n"
            + "\tat dev.example.lake.DataFileWriter.close(DataFileWriter.java:142)\n"
            + "\tSuppressed: java.lang.IllegalStateException: writer already closed\n"
            + "\t\tat dev.example.lake.DataFileWriter.abort(DataFileWriter.java:170)\n"
            + "\tCaused by: java.lang.NullPointerException: stream\n"
            + "\t\t... 4 more\n";

    List<Finding> findings =
        analyzer.analyze(Snapshots.running().exception(trace, 5_000, "lake-writer (1/2)").build());

    assertThat(findings.get(0).evidence())
        .containsEntry("rootCause", "java.io.IOException: disk full");
  }
}
