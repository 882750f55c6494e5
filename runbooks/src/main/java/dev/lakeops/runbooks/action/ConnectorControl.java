package dev.lakeops.runbooks.action;

import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.RestUrls;
import dev.lakeops.tools.cdc.ConnectProbe;
import dev.lakeops.tools.cdc.ConnectSnapshot;
import dev.lakeops.tools.cdc.DebeziumMetrics;
import dev.lakeops.tools.cdc.DebeziumMetricsAnalyzer;
import dev.lakeops.tools.cdc.DebeziumMetricsProbe;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * One connector on a Kafka Connect worker, as the CDC actions read and drive it: its state over the
 * REST API, the calls that change it, and Debezium's client state over the worker's JMX.
 */
final class ConnectorControl {

  static final Duration TIMEOUT = Duration.ofSeconds(10);
  static final Duration POLL = Duration.ofMillis(250);
  private static final Duration CONNECTED_WITHIN = Duration.ofSeconds(15);

  private final ConnectProbe probe;
  private final @Nullable DebeziumMetricsProbe metrics;
  private final String connector;

  ConnectorControl(ConnectProbe probe, @Nullable DebeziumMetricsProbe metrics, String connector) {
    this.probe = probe;
    this.metrics = metrics;
    this.connector = connector;
  }

  /**
   * The connector {@code connector} on the worker the action's {@code worker} argument names (a
   * configured worker, with its JMX address if it has one, or a REST URL).
   *
   * @throws ActionArgumentException the worker is unknown or its address malformed (named)
   */
  static ConnectorControl of(ActionArgs args, ActionTargets targets, String connector) {
    String worker = args.require("worker");
    String url;
    try {
      url = targets.connect(worker);
    } catch (ActionArgumentException e) {
      throw e;
    } catch (IllegalArgumentException e) {
      throw args.invalid("worker", e.getMessage());
    }
    try {
      return new ConnectorControl(
          new ConnectProbe(url, TIMEOUT, Clock.systemUTC()),
          targets
              .connectJmx(worker)
              .map(jmx -> new DebeziumMetricsProbe(jmx, TIMEOUT, Clock.systemUTC()))
              .orElse(null),
          connector);
    } catch (IllegalArgumentException e) {
      throw args.invalid("worker", e.getMessage());
    }
  }

  String worker() {
    return probe.baseUrl();
  }

  boolean hasMetrics() {
    return metrics != null;
  }

  /**
   * The worker's JMX probe.
   *
   * @throws IllegalStateException the worker has no JMX address configured
   */
  DebeziumMetricsProbe metrics() {
    if (metrics == null) {
      throw new IllegalStateException("no JMX address for the worker at " + worker());
    }
    return metrics;
  }

  ConnectSnapshot.Connector read() {
    return probe.capture(connector).connectors().get(0);
  }

  /**
   * {@code method} on {@code /connectors/NAME} + {@code suffix}, with a JSON body or none.
   *
   * @throws ProbeException the worker is unreachable or answered other than 2xx (its answer named)
   */
  void send(String method, String suffix, @Nullable String json) {
    URI base = URI.create(probe.baseUrl());
    String url = base + "/connectors/" + encode(connector) + suffix;
    String endpoint = method + " " + url;
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(url))
            .timeout(TIMEOUT)
            .header("Accept", "application/json")
            .header("Content-Type", "application/json")
            .method(
                method,
                json == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8))
            .build();
    HttpClient http = RestUrls.client(TIMEOUT);
    HttpResponse<String> response =
        RestUrls.send(http, request, endpoint, "Kafka Connect worker at " + base, TIMEOUT);
    int status = response.statusCode();
    if (status / 100 != 2) {
      throw new ProbeException(
          status == 404 ? ProbeException.Code.NOT_FOUND : ProbeException.Code.BAD_RESPONSE,
          endpoint,
          url + " answered HTTP " + status + ": " + head(response.body()));
    }
  }

  /**
   * Polls the connector until {@code done} holds.
   *
   * @throws IllegalStateException it did not within {@code within}; {@code doing} and the last
   *     states read are named
   */
  ConnectSnapshot.Connector await(
      Predicate<ConnectSnapshot.Connector> done, Duration within, String doing) {
    long deadline = System.nanoTime() + within.toNanos();
    ConnectSnapshot.Connector c = read();
    while (!done.test(c)) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            doing + ", but not within " + within.toSeconds() + " s: " + states(c));
      }
      pause();
      c = read();
    }
    return c;
  }

  /**
   * With the worker's JMX: Debezium's binlog client of {@code server} connected (a RUNNING task
   * whose client lost the database looks the same over REST). A new client connects within seconds
   * of its task's start.
   */
  Verification.Check connected(String server) {
    DebeziumMetricsProbe metrics = metrics();
    long deadline = System.nanoTime() + CONNECTED_WITHIN.toNanos();
    String seen = "no streaming metrics for " + server;
    String what = "Debezium's binlog client of " + server + " is connected (" + metrics.url();
    while (true) {
      try {
        for (DebeziumMetrics.Group g : metrics.capture().forServer(server)) {
          if (g.context().equals("streaming")) {
            seen = "Connected=" + g.get("Connected");
            if ("true".equals(g.get("Connected"))) {
              return new Verification.Check(true, what + ")");
            }
          }
        }
      } catch (ProbeException e) {
        seen = e.getMessage();
      }
      if (System.nanoTime() > deadline) {
        return new Verification.Check(
            false, what + "; after " + CONNECTED_WITHIN.toSeconds() + " s: " + seen + ")");
      }
      if (!pause()) {
        return new Verification.Check(false, "interrupted reading Debezium's metrics");
      }
    }
  }

  /**
   * {@link #connected} for a Debezium connector on a worker whose JMX is configured; empty for any
   * other.
   */
  java.util.Optional<Verification.Check> connectedCheck(ConnectSnapshot.Connector c) {
    String server = DebeziumMetricsAnalyzer.server(c);
    return metrics == null || server == null
        ? java.util.Optional.empty()
        : java.util.Optional.of(connected(server));
  }

  static String states(ConnectSnapshot.Connector c) {
    StringBuilder s = new StringBuilder("connector " + c.state());
    for (ConnectSnapshot.Task t : c.tasks()) {
      s.append(", task ").append(t.id()).append(' ').append(t.state());
    }
    return s.toString();
  }

  static boolean allRunning(ConnectSnapshot.Connector c) {
    return c.state().equals("RUNNING")
        && !c.tasks().isEmpty()
        && c.tasks().stream().allMatch(t -> t.state().equals("RUNNING"));
  }

  /** The committed offset as Connect has it: for a binlog connector, file:pos and its GTIDs. */
  static String offset(ConnectSnapshot.Connector c) {
    if (c.offsets().isEmpty()) {
      return c.offsetsError() == null ? "none" : "unknown (" + c.offsetsError() + ")";
    }
    List<String> out = new ArrayList<>();
    for (ConnectSnapshot.SourceOffset o : c.offsets()) {
      Map<String, String> v = o.offset();
      if (v.containsKey("file") && v.containsKey("pos")) {
        out.add(
            v.get("file")
                + ":"
                + v.get("pos")
                + (v.get("gtids") == null ? "" : " (GTIDs " + v.get("gtids") + ")"));
      } else {
        out.add(v.toString());
      }
    }
    return String.join("; ", out);
  }

  static String firstLine(@Nullable String trace) {
    if (trace == null || trace.isBlank()) {
      return "none";
    }
    return head(trace.strip().lines().findFirst().orElse(""));
  }

  /**
   * The root cause in a Java stack trace: its last {@code Caused by:} line (Connect's first line is
   * usually its own wrapper), else its first line.
   */
  static String rootCause(@Nullable String trace) {
    if (trace == null || trace.isBlank()) {
      return "none";
    }
    String cause = null;
    for (String line : trace.strip().lines().toList()) {
      if (line.startsWith("Caused by: ")) {
        cause = line.substring("Caused by: ".length());
      }
    }
    return cause == null ? firstLine(trace) : head(cause);
  }

  static String head(@Nullable String body) {
    String b = body == null ? "" : body.strip();
    return b.length() > 300 ? b.substring(0, 300) + "…" : b;
  }

  private static String encode(String name) {
    return URLEncoder.encode(name, StandardCharsets.UTF_8).replace("+", "%20");
  }

  /** Sleeps one poll; false when interrupted (the flag is set again). */
  static boolean pause() {
    try {
      Thread.sleep(POLL.toMillis());
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
