package dev.lakeops.tools.change;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.lakeops.tools.Json;
import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.flink.FlinkRest;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Answers as a real cluster did: one capture of {@code src/test/resources/change/flink/} (path to
 * status and body, recorded by {@code eval/harness} {@code FlinkChangesIT}), or the answers of an
 * older recording of {@code flink/}. A path nothing was recorded for answers 404, as Flink would.
 * The edits make an answer malformed or drop it, for the tests of missing fields.
 */
final class ReplayedFlinkRest implements FlinkRest {

  private final String baseUrl;
  private final Map<String, JsonNode> answers;

  private ReplayedFlinkRest(String baseUrl, Map<String, JsonNode> answers) {
    this.baseUrl = baseUrl;
    this.answers = answers;
  }

  static ReplayedFlinkRest of(JsonNode capture) {
    Map<String, JsonNode> answers = new LinkedHashMap<>();
    capture
        .path("answers")
        .fields()
        .forEachRemaining(e -> answers.put(e.getKey(), e.getValue().deepCopy()));
    return new ReplayedFlinkRest(capture.path("baseUrl").asText(), answers);
  }

  /**
   * The answers of {@code flink/<dir>/} (see the README there) as far as the change probe reads
   * them.
   */
  static ReplayedFlinkRest ofOlderRecording(String dir, String jobId) {
    Map<String, JsonNode> answers = new LinkedHashMap<>();
    String job = "/v1/jobs/" + jobId;
    answers.put("/v1/jobs/overview", ok(read("/flink/" + dir + "/jobs-overview.json")));
    answers.put(job, ok(read("/flink/" + dir + "/job.json")));
    answers.put(job + "/checkpoints", ok(read("/flink/" + dir + "/checkpoints.json")));
    answers.put(
        job + "/exceptions?maxExceptions=" + FlinkChangeProbe.MAX_EXCEPTIONS,
        ok(read("/flink/" + dir + "/exceptions.json")));
    answers.put(job + "/metrics?get=numRestarts", ok(read("/flink/" + dir + "/job-metrics.json")));
    return new ReplayedFlinkRest("http://127.0.0.1:8081", answers);
  }

  /** Replaces the body of {@code path} with what {@code edit} makes of it. */
  ReplayedFlinkRest edit(String path, Consumer<ObjectNode> edit) {
    JsonNode answer = answers.get(path);
    if (answer == null || !answer.path("body").isObject()) {
      throw new IllegalArgumentException(
          "no recorded object at " + path + " (recorded: " + answers.keySet() + ")");
    }
    edit.accept((ObjectNode) answer.path("body"));
    return this;
  }

  /** Makes {@code path} answer as if it were not there (HTTP 404). */
  ReplayedFlinkRest without(String path) {
    answers.remove(path);
    return this;
  }

  /** The recorded path that ends with {@code suffix} and contains {@code part}. */
  String path(String part, String suffix) {
    return answers.keySet().stream()
        .filter(p -> p.contains(part) && p.endsWith(suffix))
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "no recorded path with " + part + " ending " + suffix));
  }

  @Override
  public JsonNode get(String path) {
    JsonNode answer = answers.get(path);
    if (answer == null || answer.path("status").asInt() == 404) {
      throw new ProbeException(
          ProbeException.Code.NOT_FOUND,
          "GET " + path,
          "Flink REST has no such resource (HTTP 404)");
    }
    if (answer.path("status").asInt() != 200) {
      throw new ProbeException(
          ProbeException.Code.valueOf(answer.path("error").asText("BAD_RESPONSE")),
          "GET " + path,
          "Flink REST answered HTTP " + answer.path("status").asInt());
    }
    return answer.path("body").deepCopy();
  }

  @Override
  public String baseUrl() {
    return baseUrl;
  }

  private static ObjectNode ok(JsonNode body) {
    ObjectNode answer = Json.mapper().createObjectNode();
    answer.put("status", 200).set("body", body);
    return answer;
  }

  static JsonNode read(String resource) {
    try (InputStream in = ReplayedFlinkRest.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalArgumentException("No fixture " + resource);
      }
      return Json.mapper().readTree(in);
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to read fixture " + resource, e);
    }
  }
}
