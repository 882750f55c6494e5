package dev.lakeops.tools.change;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * The recordings of {@code src/test/resources/change/} (see the README there) and what tests ask of
 * findings.
 */
final class ChangeFixtures {

  private ChangeFixtures() {}

  /** The captures of a Flink recording, oldest first. */
  static List<JsonNode> flink(String name) {
    List<JsonNode> captures = new ArrayList<>();
    ReplayedFlinkRest.read("/change/flink/" + name + ".json").forEach(captures::add);
    return captures;
  }

  /** What the change probe reads from a recorded capture, at the time it was recorded. */
  static FlinkChangeSnapshot capture(JsonNode capture, String job) {
    return capture(ReplayedFlinkRest.of(capture), capture, job);
  }

  static FlinkChangeSnapshot capture(ReplayedFlinkRest rest, JsonNode capture, String job) {
    return new FlinkChangeProbe(rest, clockAt(Instant.parse(capture.path("capturedAt").asText())))
        .capture(job);
  }

  static Clock clockAt(Instant at) {
    return Clock.fixed(at, ZoneOffset.UTC);
  }

  static List<KafkaChangeSnapshot> kafka(String name) {
    return read("/change/kafka/" + name + ".json", new TypeReference<>() {});
  }

  static List<TableChangeSnapshot> table(String name) {
    return read("/change/table/" + name + ".json", new TypeReference<>() {});
  }

  private static <T> T read(String resource, TypeReference<T> type) {
    try (InputStream in = ChangeFixtures.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalArgumentException("No fixture " + resource);
      }
      return Json.mapper().readValue(in, type);
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to read fixture " + resource, e);
    }
  }

  static List<String> codes(List<Finding> findings) {
    return findings.stream().map(Finding::code).toList();
  }

  static Finding only(List<Finding> findings, String code) {
    List<Finding> found = findings.stream().filter(f -> f.code().equals(code)).toList();
    if (found.size() != 1) {
      throw new AssertionError(
          "expected one " + code + " in " + codes(findings) + ": " + Json.compact(findings));
    }
    return found.get(0);
  }
}
