import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.Arrays;

/**
 * Posts N Alertmanager notifications (one firing alert each, labels of their own, so each opens an
 * incident and queues a triage) one after another to a running agent, and prints the total and
 * the latency percentiles. Run with the source launcher, e.g. {@code java
 * agent/benchmarks/Webhooks.java http://127.0.0.1:8080 200 2}: the third argument is the number of
 * rounds, each of N posts.
 */
public final class Webhooks {

  public static void main(String[] args) throws Exception {
    URI uri = URI.create(args[0] + "/api/alerts/alertmanager");
    int count = args.length > 1 ? Integer.parseInt(args[1]) : 200;
    int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 1;
    HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    String run = Long.toHexString(System.nanoTime());
    for (int round = 1; round <= rounds; round++) {
      long[] micros = new long[count];
      long started = System.nanoTime();
      for (int i = 0; i < count; i++) {
        String body = alert("bench-" + run + "-" + round + "-" + i);
        HttpRequest request = HttpRequest.newBuilder(uri).header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body)).build();
        long t = System.nanoTime();
        HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
        micros[i] = (System.nanoTime() - t) / 1_000;
        if (response.statusCode() / 100 != 2) {
          throw new IllegalStateException("HTTP " + response.statusCode() + ": " + response.body());
        }
      }
      long totalMs = (System.nanoTime() - started) / 1_000_000;
      Arrays.sort(micros);
      System.out.printf("round %d: %d posts in %d ms, p50 %.1f ms, p95 %.1f ms, max %.1f ms%n", round, count, totalMs,
          micros[count / 2] / 1e3, micros[(int) (count * 0.95)] / 1e3, micros[count - 1] / 1e3);
    }
  }

  private static String alert(String job) {
    String startsAt = Instant.now().toString();
    return """
        {"version":"4","groupKey":"{}:{alertname=\\"FlinkJobBackpressured\\"}","truncatedAlerts":0,"status":"firing",
         "receiver":"lakeops","groupLabels":{"alertname":"FlinkJobBackpressured"},
         "commonLabels":{"alertname":"FlinkJobBackpressured","job_name":"%1$s","severity":"warning"},
         "commonAnnotations":{"summary":"backpressure on %1$s"},"externalURL":"http://alertmanager:9093",
         "alerts":[{"status":"firing","labels":{"alertname":"FlinkJobBackpressured","job_name":"%1$s","severity":"warning"},
           "annotations":{"summary":"backpressure on %1$s"},"startsAt":"%2$s","endsAt":"0001-01-01T00:00:00Z",
           "generatorURL":"http://prometheus:9090/graph","fingerprint":"%3$016x"}]}
        """.formatted(job, startsAt, job.hashCode() & 0xffffffffL);
  }
}
