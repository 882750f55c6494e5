package dev.lakeops.eval.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the real sandbox (broker and MiniCluster JVMs) on non-default ports, so it can run next to a
 * demo, and checks what Flink's REST API shows when the sink is throttled and released.
 *
 * <p>One sandbox serves all tests, in order. Flink averages busy and backpressured time over the
 * last 60 s (over the job's lifetime while it is younger), so the sink is throttled right after the
 * start, and after release the test waits for the level to leave {@code high} and for the
 * instantaneous {@code isBackPressured} gauges to clear, not for the average to reach {@code ok}.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SandboxIT {

  private static final Logger LOG = LoggerFactory.getLogger(SandboxIT.class);
  private static final String SOURCE = "Source: orders";
  private static final String ENRICH = "enrich-orders";
  private static final String SINK = "lake-writer: Writer";
  private static final Duration SINK_DELAY = Duration.ofNanos(2_000_000);
  private static final Duration BACKPRESSURE_TIMEOUT = Duration.ofSeconds(45);
  private static final Duration RELEASE_TIMEOUT = Duration.ofSeconds(30);

  @TempDir static Path workDir;
  private static Sandbox sandbox;
  private static FlinkRestReader rest;
  private static String jobId;

  @BeforeAll
  static void startSandbox() {
    Path home = Path.of(System.getProperty("lakeops.home"));
    SandboxConfig config = SandboxConfig.defaults(home, workDir).withPorts(29092, 29093, 28081);
    sandbox = Sandbox.start(config);
    rest = new FlinkRestReader(sandbox.flinkRestUrl());
    jobId = sandbox.jobId();
  }

  @AfterAll
  static void closeSandbox() {
    if (sandbox != null) {
      sandbox.close();
    }
  }

  @Test
  @Order(1)
  void runsTheDemoJobWithItsThreeVertices() throws Exception {
    JsonNode job = rest.job(jobId);

    assertThat(job.path("name").asText()).isEqualTo(sandbox.jobName());
    assertThat(job.path("state").asText()).isEqualTo("RUNNING");
    assertThat(rest.vertexIds(jobId)).containsOnlyKeys(SOURCE, ENRICH, SINK);
    assertThat(sandbox.kafkaBootstrap()).isEqualTo("127.0.0.1:29092");
  }

  @Test
  @Order(2)
  void aThrottledSinkBackpressuresTheSourceWhileItIsBusyButNotBackpressured() throws Exception {
    Map<String, String> vertices = rest.vertexIds(jobId);
    long start = System.nanoTime();

    sandbox.throttleSink(SINK_DELAY);
    JsonNode source =
        poll(
            "source backpressure level high",
            BACKPRESSURE_TIMEOUT,
            () -> rest.backpressure(jobId, vertices.get(SOURCE)),
            body -> body.path("backpressureLevel").asText().equals("high"));
    JsonNode sink = rest.backpressure(jobId, vertices.get(SINK));
    LOG.info(
        "Throttled for {} s: source {}, enrich {}, sink {}",
        (System.nanoTime() - start) / 1_000_000_000,
        summary(source),
        summary(rest.backpressure(jobId, vertices.get(ENRICH))),
        summary(sink));

    assertThat(sink.path("backpressureLevel").asText()).isEqualTo("ok");
    for (JsonNode subtask : sink.path("subtasks")) {
      assertThat(subtask.path("busyRatio").asDouble()).isGreaterThan(0.4);
    }
    assertThat(rest.metrics(jobId, vertices.get(SOURCE), "0.isBackPressured", "1.isBackPressured"))
        .containsOnly(
            Map.entry("0.isBackPressured", "true"), Map.entry("1.isBackPressured", "true"));
  }

  @Test
  @Order(3)
  void unthrottlingTheSinkReleasesTheBackpressure() throws Exception {
    Map<String, String> vertices = rest.vertexIds(jobId);
    long start = System.nanoTime();

    sandbox.unthrottleSink();
    for (String vertex : new String[] {SOURCE, ENRICH}) {
      poll(
          vertex + " no longer backpressured",
          RELEASE_TIMEOUT,
          () -> rest.metrics(jobId, vertices.get(vertex), "0.isBackPressured", "1.isBackPressured"),
          values -> values.size() == 2 && !values.containsValue("true"));
    }
    JsonNode source =
        poll(
            "source backpressure level below high",
            RELEASE_TIMEOUT,
            () -> rest.backpressure(jobId, vertices.get(SOURCE)),
            body -> body.path("backpressureLevel").asText().matches("ok|low"));
    LOG.info(
        "Released for {} s: source {}, sink {}",
        (System.nanoTime() - start) / 1_000_000_000,
        summary(source),
        summary(rest.backpressure(jobId, vertices.get(SINK))));
  }

  @Test
  @Order(4)
  void closeLeavesNoProcessAlive() {
    long broker = sandbox.brokerPid();
    long pipeline = sandbox.pipelinePid();

    sandbox.close();
    sandbox.close();

    assertThat(ProcessHandle.of(broker).filter(ProcessHandle::isAlive)).isEmpty();
    assertThat(ProcessHandle.of(pipeline).filter(ProcessHandle::isAlive)).isEmpty();
    assertThat(workDir.resolve("kafka/kafka.pid")).doesNotExist();
    assertThat(workDir.resolve("flink/pipeline.pid")).doesNotExist();
  }

  private static String summary(JsonNode backpressure) {
    StringBuilder text = new StringBuilder(backpressure.path("backpressureLevel").asText());
    for (JsonNode subtask : backpressure.path("subtasks")) {
      text.append(
          String.format(
              " [%d: backpressured %.3f busy %.3f idle %.3f]",
              subtask.path("subtask").asInt(),
              subtask.path("ratio").asDouble(),
              subtask.path("busyRatio").asDouble(),
              subtask.path("idleRatio").asDouble()));
    }
    return text.toString();
  }

  /**
   * Reads until {@code done} holds; a read that throws counts as "not yet" (Flink's first answers).
   */
  private static <T> T poll(String what, Duration timeout, Callable<T> read, Predicate<T> done)
      throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    T last = null;
    Exception error = null;
    while (true) {
      try {
        last = read.call();
        error = null;
        if (done.test(last)) {
          return last;
        }
      } catch (InterruptedException e) {
        throw e;
      } catch (Exception e) {
        error = e;
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError(
            "Timed out after "
                + timeout.toSeconds()
                + " s waiting for "
                + what
                + "; last answer: "
                + last
                + (error == null ? "" : "; last error: " + error));
      }
      Thread.sleep(1_000);
    }
  }
}
