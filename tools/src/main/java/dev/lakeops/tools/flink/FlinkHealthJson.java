package dev.lakeops.tools.flink;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.tools.ProbeException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Reads the job-health answers of the Flink REST API (state history, job metrics, exception
 * history, checkpoints) into records. Accepts Flink 1.18 to 2.x: unknown fields are ignored,
 * missing ones read as -1 or null, and 1.x's deprecated {@code root-exception} stands in when
 * {@code exceptionHistory} is absent. Field names as in {@code flink-rest.md} §2.
 */
final class FlinkHealthJson {

  private static final int MAX_TEXT = 300;
  private static final int MAX_FRAMES = 40;

  private FlinkHealthJson() {}

  /** {@code GET /jobs/:jid}. */
  static JobStatus jobStatus(String endpoint, JsonNode body) {
    FlinkJobSummary job = FlinkRestJson.jobSummary(endpoint, body);
    Map<String, Long> timestamps = new LinkedHashMap<>();
    Iterator<Map.Entry<String, JsonNode>> fields = body.path("timestamps").fields();
    while (fields.hasNext()) {
      Map.Entry<String, JsonNode> f = fields.next();
      timestamps.put(f.getKey(), f.getValue().asLong(0));
    }
    return new JobStatus(
        job, body.path("now").asLong(-1), timestamps, FlinkRestJson.vertices(endpoint, body));
  }

  /** {@code GET /jobs/:jid/metrics?get=...}: values are strings. */
  static JobMetrics jobMetrics(String endpoint, JsonNode body) {
    if (!body.isArray()) {
      throw bad(endpoint, "is not a JSON array of metrics");
    }
    Map<String, Double> values = new HashMap<>();
    for (JsonNode m : body) {
      Double v = FlinkRestJson.number(m.path("value"));
      if (v != null) {
        values.put(m.path("id").asText(), v);
      }
    }
    return new JobMetrics(values);
  }

  /** {@code GET /jobs/:jid/exceptions}, newest first. */
  static List<FlinkException> exceptions(String endpoint, JsonNode body) {
    if (!body.isObject()) {
      throw bad(endpoint, "is not a JSON object");
    }
    List<FlinkException> result = new ArrayList<>();
    JsonNode entries = body.path("exceptionHistory").path("entries");
    for (JsonNode e : entries) {
      result.add(exception(e));
    }
    if (!body.has("exceptionHistory") && body.hasNonNull("root-exception")) {
      // Flink before 1.13 (and 1.x in some states) only sends the deprecated root exception.
      String trace = body.path("root-exception").asText();
      result.add(
          fromTrace(firstClass(trace), trace, body.path("timestamp").asLong(-1), null, null));
    }
    result.sort((a, b) -> Long.compare(b.timestampMillis(), a.timestampMillis()));
    return result;
  }

  private static FlinkException exception(JsonNode e) {
    String trace = e.path("stacktrace").asText("");
    String name = e.path("exceptionName").asText(firstClass(trace));
    String endpoint =
        e.hasNonNull("endpoint")
            ? e.path("endpoint").asText()
            : e.hasNonNull("location") ? e.path("location").asText() : null;
    return fromTrace(
        name,
        trace,
        e.path("timestamp").asLong(-1),
        e.hasNonNull("taskName") ? e.path("taskName").asText() : null,
        endpoint);
  }

  static FlinkException fromTrace(
      String name,
      String trace,
      long timestamp,
      @Nullable String taskName,
      @Nullable String endpoint) {
    String[] lines = trace.split("\\r?\\n");
    String first = lines.length == 0 ? "" : lines[0].strip();
    String message =
        first.startsWith(name) ? first.substring(name.length()).replaceFirst("^:\\s*", "") : first;
    List<String> causes = new ArrayList<>();
    List<String> frames = new ArrayList<>();
    for (int i = 1; i < lines.length; i++) {
      String line = lines[i].strip();
      // The cause chain's lines start the line; an indented one belongs to a "Suppressed:" block.
      if (lines[i].startsWith("Caused by: ")) {
        causes.add(clip(line.substring("Caused by: ".length())));
      } else if (line.startsWith("at ") && frames.size() < MAX_FRAMES) {
        int paren = line.indexOf('(');
        frames.add(paren < 0 ? line.substring(3) : line.substring(3, paren));
      }
    }
    return new FlinkException(name, clip(message), causes, frames, timestamp, taskName, endpoint);
  }

  private static String firstClass(String trace) {
    String first = trace.strip().split("\\r?\\n", 2)[0];
    int colon = first.indexOf(':');
    return colon < 0 ? first : first.substring(0, colon);
  }

  /** {@code GET /jobs/:jid/checkpoints}. */
  static CheckpointStats checkpoints(String endpoint, JsonNode body) {
    if (!body.isObject() || !body.has("counts")) {
      throw bad(endpoint, "has no 'counts'");
    }
    JsonNode counts = body.path("counts");
    List<CheckpointEntry> history = new ArrayList<>();
    for (JsonNode h : body.path("history")) {
      history.add(entry(h));
    }
    JsonNode latest = body.path("latest");
    return new CheckpointStats(
        counts.path("total").asLong(0),
        counts.path("completed").asLong(0),
        counts.path("failed").asLong(0),
        counts.path("in_progress").asLong(0),
        counts.path("restored").asLong(0),
        history,
        latest.hasNonNull("completed") ? entry(latest.path("completed")) : null,
        latest.hasNonNull("failed") ? entry(latest.path("failed")) : null,
        latest.path("restored").path("restore_timestamp").asLong(-1));
  }

  private static CheckpointEntry entry(JsonNode h) {
    return new CheckpointEntry(
        h.path("id").asLong(-1),
        h.path("status").asText("UNKNOWN"),
        h.path("trigger_timestamp").asLong(-1),
        h.path("latest_ack_timestamp").asLong(-1),
        h.path("end_to_end_duration").asLong(-1),
        h.path("state_size").asLong(-1),
        h.path("checkpointed_size").asLong(-1),
        h.path("alignment_buffered").asLong(-1),
        h.path("persisted_data").asLong(-1),
        h.path("num_subtasks").asInt(0),
        h.path("num_acknowledged_subtasks").asInt(0),
        h.hasNonNull("failure_message") ? clip(h.path("failure_message").asText()) : null,
        h.path("failure_timestamp").asLong(-1));
  }

  /** {@code GET /jobs/:jid/checkpoints/config}. */
  static CheckpointSettings checkpointSettings(String endpoint, JsonNode body) {
    if (!body.isObject() || !body.has("interval")) {
      throw bad(endpoint, "has no 'interval'");
    }
    return new CheckpointSettings(
        body.path("interval").asLong(-1),
        body.path("timeout").asLong(-1),
        body.path("unaligned_checkpoints").asBoolean(false),
        body.path("tolerable_failed_checkpoints").asInt(0));
  }

  /**
   * The per-vertex acks of {@code GET /checkpoints/details/:cid}, in the order of {@code vertices}.
   */
  static List<CheckpointDetail.VertexAck> vertexAcks(
      String endpoint, JsonNode body, List<FlinkVertex> vertices) {
    JsonNode tasks = body.path("tasks");
    if (!tasks.isObject()) {
      throw bad(endpoint, "has no 'tasks' object");
    }
    List<CheckpointDetail.VertexAck> acks = new ArrayList<>();
    for (FlinkVertex v : vertices) {
      JsonNode t = tasks.path(v.id());
      if (t.isMissingNode()) {
        continue;
      }
      acks.add(
          new CheckpointDetail.VertexAck(
              v.id(),
              v.name(),
              t.path("num_acknowledged_subtasks").asInt(0),
              t.path("num_subtasks").asInt(v.parallelism()),
              null,
              null,
              Math.max(0, t.path("alignment_buffered").asLong(0))));
    }
    return acks;
  }

  /** Adds the start delay and alignment maxima of {@code GET .../subtasks/:vid} to {@code ack}. */
  static CheckpointDetail.VertexAck withSubtasks(CheckpointDetail.VertexAck ack, JsonNode body) {
    Long startDelay = null;
    Long alignment = null;
    for (JsonNode s : body.path("subtasks")) {
      if (s.has("start_delay")) {
        startDelay = max(startDelay, s.path("start_delay").asLong());
      }
      if (s.path("alignment").has("duration")) {
        alignment = max(alignment, s.path("alignment").path("duration").asLong());
      }
    }
    return new CheckpointDetail.VertexAck(
        ack.vertexId(),
        ack.vertexName(),
        ack.acknowledged(),
        ack.subtasks(),
        startDelay,
        alignment,
        ack.alignmentBuffered());
  }

  /**
   * {@code GET /vertices/:vid/watermarks}: the lowest watermark over subtasks, null if none is set.
   */
  static @Nullable Long minWatermark(String endpoint, JsonNode body) {
    if (!body.isArray()) {
      throw bad(endpoint, "is not a JSON array");
    }
    Long min = null;
    for (JsonNode w : body) {
      Double v = FlinkRestJson.number(w.path("value"));
      if (v == null) {
        continue;
      }
      long value =
          w.path("value").isTextual()
              ? parseLong(w.path("value").asText(), v)
              : w.path("value").asLong();
      if (value == Long.MIN_VALUE) {
        return null; // a subtask without a watermark holds the vertex back: no watermark yet
      }
      min = min == null ? value : Math.min(min, value);
    }
    return min;
  }

  private static long parseLong(String text, double fallback) {
    try {
      return Long.parseLong(text.strip());
    } catch (NumberFormatException e) {
      return (long) fallback;
    }
  }

  private static Long max(@Nullable Long a, long b) {
    return a == null ? b : Math.max(a, b);
  }

  private static String clip(String s) {
    String line = s.strip();
    return line.length() <= MAX_TEXT ? line : line.substring(0, MAX_TEXT) + "...";
  }

  private static ProbeException bad(String endpoint, String what) {
    return new ProbeException(
        ProbeException.Code.BAD_RESPONSE, endpoint, "Flink REST answer " + what);
  }
}
