package dev.lakeops.tools.flink;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.tools.ProbeException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Replays answers recorded from a real Flink cluster ({@code
 * src/test/resources/flink/<version>/<scenario>/}). Each path maps to the file its endpoint was
 * recorded in (names in the README); a path nothing was recorded for answers 404, as Flink would.
 * Overrides can make a path answer with another status first.
 */
final class RecordedFlinkRest implements FlinkRest {

  private static final Pattern VERTEX =
      Pattern.compile(
          "/v1/jobs/[0-9a-f]{32}/vertices/([0-9a-f]+)/(metrics|backpressure|watermarks)(\\?.*)?");
  private static final Pattern JOB_PART =
      Pattern.compile(
          "/v1/jobs/[0-9a-f]{32}/(metrics|exceptions|checkpoints|checkpoints/config)(\\?.*)?");
  private static final Pattern CHECKPOINT =
      Pattern.compile("/v1/jobs/[0-9a-f]{32}/checkpoints/details/(\\d+)(/subtasks/([0-9a-f]+))?");

  private final String dir;
  private final Map<String, List<Answer>> overrides = new HashMap<>();
  final List<String> requested = new ArrayList<>();

  private record Answer(int status, String file) {}

  RecordedFlinkRest(String dir) {
    this.dir = dir;
  }

  /**
   * The next request for {@code pathSuffix} answers {@code status} with {@code file}, once; a file
   * starting with {@code /} is a resource path of its own (e.g. {@code /flink/login-page.html}).
   */
  RecordedFlinkRest once(String pathSuffix, int status, String file) {
    overrides.computeIfAbsent(pathSuffix, k -> new ArrayList<>()).add(new Answer(status, file));
    return this;
  }

  @Override
  public JsonNode get(String path) {
    requested.add(path);
    for (Map.Entry<String, List<Answer>> o : overrides.entrySet()) {
      if (path.endsWith(o.getKey()) && !o.getValue().isEmpty()) {
        Answer a = o.getValue().remove(0);
        return FlinkRestClient.parse("GET " + path, a.status(), read(a.file()));
      }
    }
    String file = fileFor(path);
    String body = file == null ? null : read(file);
    if (body == null) {
      throw new ProbeException(
          ProbeException.Code.NOT_FOUND,
          "GET " + path,
          "Flink REST has no such resource (HTTP 404)");
    }
    return FlinkRestClient.parse("GET " + path, 200, body);
  }

  private String fileFor(String path) {
    if (path.equals("/v1/overview")) {
      return "overview.json";
    }
    if (path.equals("/v1/jobs/overview")) {
      return "jobs-overview.json";
    }
    Matcher m = VERTEX.matcher(path);
    if (m.matches()) {
      boolean list = m.group(2).equals("metrics") && m.group(3) == null;
      return "vertex-" + m.group(1) + "-" + (list ? "metric-ids" : m.group(2)) + ".json";
    }
    Matcher part = JOB_PART.matcher(path);
    if (part.matches()) {
      return switch (part.group(1)) {
        case "metrics" -> "job-metrics.json";
        case "checkpoints/config" -> "checkpoints-config.json";
        default -> part.group(1) + ".json";
      };
    }
    Matcher checkpoint = CHECKPOINT.matcher(path);
    if (checkpoint.matches()) {
      return "checkpoint-"
          + checkpoint.group(1)
          + (checkpoint.group(3) == null ? "" : "-vertex-" + checkpoint.group(3))
          + ".json";
    }
    if (path.matches("/v1/jobs/[0-9a-f]{32}")) {
      String jobs = read("jobs-overview.json");
      return jobs != null && jobs.contains(path.substring("/v1/jobs/".length()))
          ? "job.json"
          : null;
    }
    return null;
  }

  private String read(String file) {
    String resource = file.startsWith("/") ? file : "/flink/" + dir + "/" + file;
    try (InputStream in = getClass().getResourceAsStream(resource)) {
      return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException("Cannot read fixture " + file, e);
    }
  }

  @Override
  public String baseUrl() {
    return "http://127.0.0.1:8081";
  }
}
