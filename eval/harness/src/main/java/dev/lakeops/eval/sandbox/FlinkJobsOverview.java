package dev.lakeops.eval.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;

/** Reads {@code GET /v1/jobs/overview} of a Flink REST API to see whether a job runs. */
final class FlinkJobsOverview {

  private static final Duration TIMEOUT = Duration.ofSeconds(5);
  private static final ObjectMapper JSON = new ObjectMapper();

  private final URI endpoint;
  private final HttpClient http;

  FlinkJobsOverview(String restUrl) {
    this.endpoint = URI.create(restUrl + "/v1/jobs/overview");
    this.http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
  }

  /** One job as the overview lists it. */
  record Job(String id, String name, String state, int tasksRunning, int tasksTotal) {

    /** The job is RUNNING and so is every one of its tasks. */
    boolean fullyRunning() {
      return state.equals("RUNNING") && tasksTotal > 0 && tasksRunning == tasksTotal;
    }
  }

  /**
   * Returns the newest job named {@code name}, if listed.
   *
   * @throws IOException the API did not answer or did not answer 200 with JSON
   */
  Optional<Job> find(String name) throws IOException, InterruptedException {
    HttpRequest request = HttpRequest.newBuilder(endpoint).timeout(TIMEOUT).GET().build();
    HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != 200) {
      throw new IOException("GET " + endpoint + " answered HTTP " + response.statusCode());
    }
    Job newest = null;
    long newestStart = Long.MIN_VALUE;
    for (JsonNode job : JSON.readTree(response.body()).path("jobs")) {
      if (name.equals(job.path("name").asText()) && job.path("start-time").asLong() > newestStart) {
        newestStart = job.path("start-time").asLong();
        newest =
            new Job(
                job.path("jid").asText(),
                name,
                job.path("state").asText(),
                job.path("tasks").path("running").asInt(),
                job.path("tasks").path("total").asInt());
      }
    }
    return Optional.ofNullable(newest);
  }
}
