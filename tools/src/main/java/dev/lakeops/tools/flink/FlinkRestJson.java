package dev.lakeops.tools.flink;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.tools.ProbeException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * Reads the Flink REST answers that triage uses into records. Tolerates the differences between
 * Flink 1.18 and 2.x (fields added or removed) and the REST quirks: metric values are strings,
 * {@code "NaN"} stands next to numbers, and an endpoint whose data is not fetched yet answers
 * {@code {"status":"deprecated"}}. Field names follow Flink's REST docs ({@code flink-rest.md} §2).
 */
final class FlinkRestJson {

  static final String BUSY = "busyTimeMsPerSecond";
  static final String BACKPRESSURED = "backPressuredTimeMsPerSecond";
  static final String IDLE = "idleTimeMsPerSecond";
  static final String RECORDS_IN = "numRecordsInPerSecond";
  static final String RECORDS_OUT = "numRecordsOutPerSecond";

  private FlinkRestJson() {}

  /** {@code GET /jobs/overview}. */
  static List<FlinkJobSummary> jobsOverview(String endpoint, JsonNode body) {
    JsonNode jobs = body.path("jobs");
    if (!jobs.isArray()) {
      throw bad(endpoint, "has no 'jobs' array");
    }
    List<FlinkJobSummary> result = new ArrayList<>();
    for (JsonNode job : jobs) {
      result.add(
          new FlinkJobSummary(
              text(endpoint, job, "jid"),
              text(endpoint, job, "name"),
              text(endpoint, job, "state"),
              job.path("start-time").asLong(-1)));
    }
    return result;
  }

  /** The job row of {@code GET /jobs/:jid}. */
  static FlinkJobSummary jobSummary(String endpoint, JsonNode body) {
    return new FlinkJobSummary(
        text(endpoint, body, "jid"),
        text(endpoint, body, "name"),
        text(endpoint, body, "state"),
        body.path("start-time").asLong(-1));
  }

  /**
   * The vertices of {@code GET /jobs/:jid} with their inputs from {@code plan.nodes}, sources
   * first.
   */
  static List<FlinkVertex> vertices(String endpoint, JsonNode body) {
    JsonNode vertices = body.path("vertices");
    if (!vertices.isArray()) {
      throw bad(endpoint, "has no 'vertices' array");
    }
    Map<String, List<String>> inputs = new HashMap<>();
    for (JsonNode node : body.path("plan").path("nodes")) {
      List<String> ids = new ArrayList<>();
      for (JsonNode input : node.path("inputs")) {
        ids.add(input.path("id").asText());
      }
      inputs.put(node.path("id").asText(), ids);
    }
    List<FlinkVertex> result = new ArrayList<>();
    for (JsonNode v : vertices) {
      String id = text(endpoint, v, "id");
      result.add(
          new FlinkVertex(
              id,
              text(endpoint, v, "name"),
              v.path("parallelism").asInt(0),
              v.path("maxParallelism").asInt(-1),
              v.path("status").asText("UNKNOWN"),
              inputs.getOrDefault(id, List.of())));
    }
    return topological(result);
  }

  /**
   * Orders vertices so each comes after its inputs (Kahn), keeping Flink's order among equals.
   * Inputs that name no vertex are ignored; vertices on a cycle keep their original order at the
   * end.
   */
  static List<FlinkVertex> topological(List<FlinkVertex> vertices) {
    Map<String, FlinkVertex> byId = new LinkedHashMap<>();
    vertices.forEach(v -> byId.put(v.id(), v));
    Map<String, Integer> pending = new LinkedHashMap<>();
    for (FlinkVertex v : vertices) {
      pending.put(v.id(), (int) v.inputIds().stream().filter(byId::containsKey).count());
    }
    List<FlinkVertex> ordered = new ArrayList<>();
    Deque<FlinkVertex> ready = new ArrayDeque<>();
    vertices.stream().filter(v -> pending.get(v.id()) == 0).forEach(ready::add);
    while (!ready.isEmpty()) {
      FlinkVertex v = ready.poll();
      ordered.add(v);
      for (FlinkVertex next : vertices) {
        if (next.inputIds().contains(v.id()) && pending.merge(next.id(), -1, Integer::sum) == 0) {
          ready.add(next);
        }
      }
    }
    vertices.stream().filter(v -> !ordered.contains(v)).forEach(ordered::add);
    return ordered;
  }

  /**
   * {@code GET /jobs/:jid/vertices/:vid/metrics?get=0.busyTimeMsPerSecond,...}: ids carry the
   * subtask index as a prefix. Subtasks with no value at all are still listed (as unreported).
   */
  static List<SubtaskLoad> subtaskLoads(String endpoint, JsonNode body, int parallelism) {
    if (!body.isArray()) {
      throw bad(endpoint, "is not a JSON array of metrics");
    }
    Map<Integer, Map<String, Double>> values = new TreeMap<>();
    for (JsonNode metric : body) {
      String id = metric.path("id").asText();
      int dot = id.indexOf('.');
      if (dot <= 0) {
        continue; // not a per-subtask id; nothing of ours
      }
      int subtask;
      try {
        subtask = Integer.parseInt(id.substring(0, dot));
      } catch (NumberFormatException e) {
        continue;
      }
      Double value = number(metric.path("value"));
      if (value != null) {
        values.computeIfAbsent(subtask, k -> new HashMap<>()).put(id.substring(dot + 1), value);
      }
    }
    List<SubtaskLoad> loads = new ArrayList<>();
    for (int i = 0; i < parallelism; i++) {
      Map<String, Double> m = values.getOrDefault(i, Map.of());
      loads.add(
          new SubtaskLoad(
              i,
              m.get(BUSY),
              m.get(BACKPRESSURED),
              m.get(IDLE),
              m.get(RECORDS_IN),
              m.get(RECORDS_OUT)));
    }
    return loads;
  }

  /** {@code GET /jobs/:jid/vertices/:vid/backpressure}; null while Flink has not sampled yet. */
  static @Nullable VertexBackpressure backpressure(String endpoint, JsonNode body) {
    if (!body.isObject()) {
      throw bad(endpoint, "is not a JSON object");
    }
    if ("deprecated".equals(body.path("status").asText()) || !body.has("subtasks")) {
      return null;
    }
    List<VertexBackpressure.Subtask> subtasks = new ArrayList<>();
    for (JsonNode s : body.path("subtasks")) {
      subtasks.add(
          new VertexBackpressure.Subtask(
              s.path("subtask").asInt(),
              level(s),
              orZero(number(s.path("ratio"))),
              orZero(number(s.path("idleRatio"))),
              orZero(number(s.path("busyRatio")))));
    }
    return new VertexBackpressure(level(body), subtasks);
  }

  /**
   * 1.x used {@code backpressure-level}; later versions {@code backpressureLevel} (and keep both).
   */
  private static String level(JsonNode node) {
    String level = node.path("backpressureLevel").asText("");
    return level.isEmpty() ? node.path("backpressure-level").asText("unknown") : level;
  }

  /**
   * A metric value: a JSON number, or a string holding one; {@code "NaN"} and non-numbers are null.
   */
  static @Nullable Double number(JsonNode value) {
    if (value.isNumber()) {
      double d = value.asDouble();
      return Double.isFinite(d) ? d : null;
    }
    if (value.isTextual()) {
      try {
        double d = Double.parseDouble(value.asText().strip());
        return Double.isFinite(d) ? d : null;
      } catch (NumberFormatException e) {
        return null;
      }
    }
    return null;
  }

  private static double orZero(@Nullable Double d) {
    return d == null ? 0 : d;
  }

  private static String text(String endpoint, JsonNode node, String field) {
    JsonNode value = node.get(field);
    if (value == null || !value.isValueNode() || value.isNull()) {
      throw bad(endpoint, "has no '" + field + "' field");
    }
    return value.asText();
  }

  private static ProbeException bad(String endpoint, String what) {
    return new ProbeException(
        ProbeException.Code.BAD_RESPONSE, endpoint, "Flink REST answer " + what);
  }
}
