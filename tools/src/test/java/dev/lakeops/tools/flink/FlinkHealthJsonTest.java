package dev.lakeops.tools.flink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.tools.Json;
import dev.lakeops.tools.ProbeException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The exception and checkpoint shapes of Flink 1.x and 2.x (flink-rest.md §3, §4). */
class FlinkHealthJsonTest {

  private static JsonNode json(String text) throws Exception {
    return Json.mapper().readTree(text);
  }

  @Test
  void readsA1xHistoryEntryWithItsLocation() throws Exception {
    List<FlinkException> entries =
        FlinkHealthJson.exceptions(
            "GET /x",
            json(
                """
                {"root-exception":"java.lang.IllegalStateException: probe: simulated failure at record 11998\\n\\tat probe.Job$1.map(Job.java:35)",
                 "timestamp":1795993075634,"all-exceptions":[],"truncated":false,
                 "exceptionHistory":{"entries":[{"exceptionName":"java.lang.IllegalStateException",
                   "stacktrace":"java.lang.IllegalStateException: probe: simulated failure at record 11998\\n\\tat probe.Job$1.map(Job.java:35)\\nCaused by: java.io.IOException: disk",
                   "timestamp":1795993075634,"failureLabels":{},"taskName":"slow-map (2/2) - execution #4","location":"localhost:-1","concurrentExceptions":[]}],
                  "truncated":false}}\
                """));

    assertThat(entries)
        .singleElement()
        .satisfies(
            e -> {
              assertThat(e.message()).isEqualTo("probe: simulated failure at record 11998");
              assertThat(e.endpoint()).isEqualTo("localhost:-1");
              assertThat(e.vertexName()).isEqualTo("slow-map");
              assertThat(e.frames()).containsExactly("probe.Job$1.map");
              assertThat(e.causes()).containsExactly("java.io.IOException: disk");
            });
  }

  @Test
  void fallsBackToTheRootExceptionWhenThereIsNoHistory() throws Exception {
    List<FlinkException> entries =
        FlinkHealthJson.exceptions(
            "GET /x",
            json(
                """
                {"root-exception":"java.lang.OutOfMemoryError: Java heap space","timestamp":5,"all-exceptions":[],"truncated":false}\
                """));

    assertThat(entries)
        .singleElement()
        .satisfies(
            e -> {
              assertThat(e.exceptionName()).isEqualTo("java.lang.OutOfMemoryError");
              assertThat(e.timestampMillis()).isEqualTo(5);
              assertThat(FailureCause.classify(e)).isEqualTo(FailureCause.OUT_OF_MEMORY);
            });
  }

  @Test
  void sortsEntriesNewestFirst() throws Exception {
    List<FlinkException> entries =
        FlinkHealthJson.exceptions(
            "GET /x",
            json(
                """
                {"exceptionHistory":{"entries":[{"exceptionName":"A","stacktrace":"A: old","timestamp":1},
                                                 {"exceptionName":"B","stacktrace":"B: new","timestamp":2}]}}\
                """));

    assertThat(entries).extracting(FlinkException::exceptionName).containsExactly("B", "A");
  }

  @Test
  void treatsMissingLatestCheckpointsAsAbsent() throws Exception {
    CheckpointStats stats =
        FlinkHealthJson.checkpoints(
            "GET /x",
            json(
                """
                {"counts":{"restored":0,"total":0,"in_progress":0,"completed":0,"failed":0},
                 "latest":{"completed":null,"savepoint":null,"failed":null,"restored":null},"history":[]}\
                """));

    assertThat(stats.latestCompleted()).isNull();
    assertThat(stats.latestFailed()).isNull();
    assertThat(stats.history()).isEmpty();
  }

  @Test
  void rejectsACheckpointAnswerWithoutCounts() {
    assertThatThrownBy(
            () ->
                FlinkHealthJson.checkpoints(
                    "GET /v1/jobs/x/checkpoints", json("{\"errors\":[\"nope\"]}")))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("counts");
  }

  @Test
  void readsNoWatermarkWhileAnySubtaskHasNone() throws Exception {
    assertThat(
            FlinkHealthJson.minWatermark(
                "GET /x",
                json(
                    """
                    [{"id":"0.currentInputWatermark","value":"1800000000000"},{"id":"1.currentInputWatermark","value":"-9223372036854775808"}]\
                    """)))
        .isNull();
    assertThat(
            FlinkHealthJson.minWatermark(
                "GET /x",
                json(
                    """
                    [{"id":"0.currentInputWatermark","value":"1800000000000"},{"id":"1.currentInputWatermark","value":"1799999990000"}]\
                    """)))
        .isEqualTo(1799999990000L);
  }
}
