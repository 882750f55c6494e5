package dev.lakeops.tools.change;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.change.FlinkChangeSnapshot.FlinkJar;
import dev.lakeops.tools.change.FlinkJobInstance.Checkpoints;
import dev.lakeops.tools.change.FlinkJobInstance.Restore;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Reads the Flink REST answers the change probe uses ({@code flink-rest.md} §2). Every optional
 * field may be missing or null (1.18 to 2.x differ, and {@code latest.restored} is null for a run
 * that never restored): a missing number reads as null, never as 0. Only what identifies a run
 * ({@code jid}, {@code name}, {@code state}) is required.
 */
final class FlinkChangeJson {

  private FlinkChangeJson() {}

  /** A row of {@code /jobs/overview}, before the details of its run are read. */
  record Row(
      String jobId,
      String name,
      String state,
      long startTimeMillis,
      @Nullable Long endTimeMillis) {}

  static List<Row> overview(String endpoint, JsonNode body) {
    JsonNode jobs = body.path("jobs");
    if (!jobs.isArray()) {
      throw bad(endpoint, "has no 'jobs' array");
    }
    List<Row> rows = new ArrayList<>();
    for (JsonNode j : jobs) {
      rows.add(
          new Row(
              text(endpoint, j, "jid"),
              text(endpoint, j, "name"),
              text(endpoint, j, "state"),
              orElse(number(j, "start-time"), -1L),
              positive(number(j, "end-time"))));
    }
    return rows;
  }

  /**
   * Vertex name to parallelism of {@code /jobs/:id}; a repeated name gets {@code #2}, {@code #3}.
   */
  static Map<String, Integer> vertexParallelism(String endpoint, JsonNode body) {
    JsonNode vertices = body.path("vertices");
    if (!vertices.isArray()) {
      throw bad(endpoint, "has no 'vertices' array");
    }
    Map<String, Integer> result = new LinkedHashMap<>();
    for (JsonNode v : vertices) {
      String name = v.path("name").asText(v.path("id").asText("?"));
      String key = name;
      for (int n = 2; result.containsKey(key); n++) {
        key = name + " #" + n;
      }
      Long p = number(v, "parallelism");
      if (p != null) {
        result.put(key, p.intValue());
      }
    }
    return result;
  }

  /**
   * {@code execution-config} of {@code /jobs/:id/config}: job parallelism, user config, the rest as
   * text.
   */
  record Config(
      @Nullable Integer jobParallelism,
      @Nullable Map<String, String> userConfig,
      Map<String, String> other) {}

  static Config config(String endpoint, JsonNode body) {
    JsonNode exec = body.path("execution-config");
    if (!exec.isObject()) {
      throw bad(endpoint, "has no 'execution-config' object");
    }
    Long parallelism = number(exec, "job-parallelism");
    Map<String, String> user = null;
    if (exec.path("user-config").isObject()) {
      user = flat(exec.path("user-config"));
    }
    Map<String, String> other = new LinkedHashMap<>();
    Iterator<Map.Entry<String, JsonNode>> fields = exec.fields();
    while (fields.hasNext()) {
      Map.Entry<String, JsonNode> f = fields.next();
      if (!f.getKey().equals("job-parallelism") && !f.getKey().equals("user-config")) {
        other.put(
            f.getKey(),
            f.getValue().isValueNode() ? f.getValue().asText() : f.getValue().toString());
      }
    }
    return new Config(
        parallelism == null || parallelism <= 0 ? null : parallelism.intValue(), user, other);
  }

  /** {@code /jobs/:id/checkpoints}: counts and {@code latest.restored}. */
  static Checkpoints checkpoints(String endpoint, JsonNode body) {
    JsonNode counts = body.path("counts");
    if (!counts.isObject()) {
      throw bad(endpoint, "has no 'counts'");
    }
    JsonNode r = body.path("latest").path("restored");
    Restore restore = null;
    if (r.isObject()) {
      restore =
          new Restore(
              orElse(number(r, "id"), -1L),
              orElse(number(r, "restore_timestamp"), -1L),
              r.path("is_savepoint").asBoolean(false),
              r.hasNonNull("external_path") ? r.path("external_path").asText() : null);
    }
    return new Checkpoints(
        orElse(number(counts, "completed"), 0L), orElse(number(counts, "restored"), 0L), restore);
  }

  /**
   * The timestamps of {@code /jobs/:id/exceptions}, newest first (1.x's lone {@code timestamp} when
   * there is no history).
   */
  static List<Long> failureTimes(String endpoint, JsonNode body) {
    if (!body.isObject()) {
      throw bad(endpoint, "is not a JSON object");
    }
    List<Long> times = new ArrayList<>();
    for (JsonNode e : body.path("exceptionHistory").path("entries")) {
      Long t = number(e, "timestamp");
      if (t != null && t > 0) {
        times.add(t);
      }
    }
    if (!body.has("exceptionHistory") && body.hasNonNull("root-exception")) {
      Long t = number(body, "timestamp");
      if (t != null && t > 0) {
        times.add(t);
      }
    }
    times.sort((a, b) -> Long.compare(b, a));
    return times;
  }

  /**
   * The value of {@code id} in a {@code /metrics?get=} answer (values are strings); null when
   * absent.
   */
  static @Nullable Long metric(String endpoint, JsonNode body, String id) {
    if (!body.isArray()) {
      throw bad(endpoint, "is not a JSON array of metrics");
    }
    for (JsonNode m : body) {
      if (id.equals(m.path("id").asText())) {
        try {
          return (long) Double.parseDouble(m.path("value").asText());
        } catch (NumberFormatException e) {
          return null;
        }
      }
    }
    return null;
  }

  /** {@code /jars}: {@code files[]{id,name,uploaded}}. */
  static List<FlinkJar> jars(String endpoint, JsonNode body) {
    JsonNode files = body.path("files");
    if (!files.isArray()) {
      throw bad(endpoint, "has no 'files' array");
    }
    List<FlinkJar> jars = new ArrayList<>();
    for (JsonNode f : files) {
      jars.add(
          new FlinkJar(
              f.path("id").asText(""),
              f.path("name").asText(""),
              orElse(number(f, "uploaded"), -1L)));
    }
    return jars;
  }

  private static Map<String, String> flat(JsonNode object) {
    Map<String, String> m = new LinkedHashMap<>();
    object
        .fields()
        .forEachRemaining(
            f ->
                m.put(
                    f.getKey(),
                    f.getValue().isValueNode() ? f.getValue().asText() : f.getValue().toString()));
    return m;
  }

  /** A whole number, or a string holding one; null when missing, null or not a number. */
  static @Nullable Long number(JsonNode node, String field) {
    JsonNode v = node.get(field);
    if (v == null || v.isNull()) {
      return null;
    }
    if (v.isIntegralNumber()) {
      return v.asLong();
    }
    if (v.isTextual()) {
      try {
        return Long.parseLong(v.asText().strip());
      } catch (NumberFormatException e) {
        return null;
      }
    }
    return null;
  }

  private static @Nullable Long positive(@Nullable Long n) {
    return n == null || n <= 0 ? null : n;
  }

  private static long orElse(@Nullable Long n, long fallback) {
    return n == null ? fallback : n;
  }

  private static String text(String endpoint, JsonNode node, String field) {
    JsonNode value = node.get(field);
    if (value == null || !value.isValueNode() || value.isNull()) {
      throw bad(endpoint, "has a job without '" + field + "'");
    }
    return value.asText();
  }

  private static ProbeException bad(String endpoint, String what) {
    return new ProbeException(
        ProbeException.Code.BAD_RESPONSE, endpoint, "Flink REST answer " + what);
  }
}
