package dev.lakeops.tools.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.tools.Json;
import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.flink.FlinkRest;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Reading a Kafka source's per-partition offsets from Flink's vertex metrics (names as
 * flink-rest.md §6 lists them).
 */
class FlinkSourceOffsetsProbeTest {

  private static final String JID = "f2eb7ab847ddcad5eb3d71b17e2ce112";
  private static final String SOURCE = "bc764cd8ddf7a0cff126f51c16239658";
  private static final String PREFIX = "0.Source__orders.KafkaSourceReader.topic.orders.partition.";

  private final FlinkRest rest =
      new FlinkRest() {
        @Override
        public JsonNode get(String path) {
          Map<String, String> answers =
              Map.of(
                  "/v1/jobs/overview",
                  "{\"jobs\":[{\"jid\":\""
                      + JID
                      + "\",\"name\":\"orders-to-lake\",\"state\":\"RUNNING\"}]}",
                  "/v1/jobs/" + JID,
                  "{\"vertices\":[{\"id\":\""
                      + SOURCE
                      + "\",\"name\":\"Source:"
                      + " orders\"},{\"id\":\"x\",\"name\":\"enrich-orders\"}]}",
                  "/v1/jobs/" + JID + "/vertices/" + SOURCE + "/metrics",
                  "[{\"id\":\""
                      + PREFIX
                      + "0.currentOffset\"},{\"id\":\""
                      + PREFIX
                      + "0.committedOffset\"},{\"id\":\""
                      + PREFIX
                      + "1.currentOffset\"},{\"id\":\"0.Source__orders.pendingRecords\"}]");
          String body =
              path.contains("?get=")
                  ? "[{\"id\":\""
                      + PREFIX
                      + "0.currentOffset\",\"value\":\"1200\"},{\"id\":\""
                      + PREFIX
                      + "0.committedOffset\",\"value\":\"1000\"},"
                      + "{\"id\":\""
                      + PREFIX
                      + "1.currentOffset\",\"value\":\"-9223372036854775808\"}]"
                  : answers.get(path);
          if (body == null) {
            throw new ProbeException(ProbeException.Code.NOT_FOUND, "GET " + path, "404");
          }
          try {
            return Json.mapper().readTree(body);
          } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
          }
        }

        @Override
        public String baseUrl() {
          return "http://flink:8081";
        }
      };

  private final FlinkSourceOffsetsProbe probe =
      new FlinkSourceOffsetsProbe(
          rest, Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC));

  @Test
  void readsCurrentAndCommittedOffsetsPerPartitionAndSkipsUnsetOnes() {
    FlinkSourceOffsets offsets = probe.capture("orders-to-lake");

    assertThat(offsets.partitions())
        .containsExactly(new FlinkSourcePartition("orders", 0, 1200, 1000L));
    assertThat(offsets.endpoints()).first().isEqualTo("GET http://flink:8081/v1/jobs/overview");
  }

  @Test
  void answersNotFoundForAnUnknownJob() {
    assertThatThrownBy(() -> probe.capture("other-job"))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("other-job")
        .hasMessageContaining("http://flink:8081");
  }
}
