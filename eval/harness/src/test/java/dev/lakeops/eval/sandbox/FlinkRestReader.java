package dev.lakeops.eval.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/** Reads the Flink REST endpoints that the sandbox tests check, as JSON. */
public final class FlinkRestReader {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final String baseUrl;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  public FlinkRestReader(String baseUrl) {
    this.baseUrl = baseUrl;
  }

  /** {@code GET /v1/jobs/<jid>}. */
  public JsonNode job(String jobId) throws IOException, InterruptedException {
    return get("/v1/jobs/" + jobId);
  }

  /** Vertex ids by the vertex names that {@code GET /v1/jobs/<jid>} shows, in job order. */
  public Map<String, String> vertexIds(String jobId) throws IOException, InterruptedException {
    Map<String, String> ids = new LinkedHashMap<>();
    for (JsonNode vertex : job(jobId).path("vertices")) {
      ids.put(vertex.path("name").asText(), vertex.path("id").asText());
    }
    return ids;
  }

  /** {@code GET /v1/jobs/<jid>/vertices/<vid>/backpressure}. */
  public JsonNode backpressure(String jobId, String vertexId)
      throws IOException, InterruptedException {
    return get("/v1/jobs/" + jobId + "/vertices/" + vertexId + "/backpressure");
  }

  /** {@code GET /v1/jobs/<jid>/vertices/<vid>/metrics?get=...}: metric id to (string) value. */
  public Map<String, String> metrics(String jobId, String vertexId, String... ids)
      throws IOException, InterruptedException {
    Map<String, String> values = new LinkedHashMap<>();
    for (JsonNode metric :
        get(
            "/v1/jobs/"
                + jobId
                + "/vertices/"
                + vertexId
                + "/metrics?get="
                + String.join(",", ids))) {
      values.put(metric.path("id").asText(), metric.path("value").asText());
    }
    return values;
  }

  /** {@code GET /jobs/:jid/checkpoints}: counts, history and the latest ones. */
  public JsonNode checkpoints(String jobId) throws IOException, InterruptedException {
    return get("/jobs/" + jobId + "/checkpoints");
  }

  private JsonNode get(String path) throws IOException, InterruptedException {
    URI uri = URI.create(baseUrl + path);
    HttpResponse<String> response =
        http.send(
            HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).GET().build(),
            HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != 200) {
      throw new IOException("GET " + uri + " answered HTTP " + response.statusCode());
    }
    return JSON.readTree(response.body());
  }
}
