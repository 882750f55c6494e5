package dev.lakeops.eval.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.eval.sandbox.Sandbox;
import dev.lakeops.eval.sandbox.SandboxConfig;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Json;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.flink.FlinkRestClient;
import dev.lakeops.tools.kafka.FlinkSourceOffsets;
import dev.lakeops.tools.kafka.FlinkSourceOffsetsProbe;
import dev.lakeops.tools.kafka.KafkaCluster;
import dev.lakeops.tools.kafka.KafkaClusters;
import dev.lakeops.tools.kafka.KafkaProbeOptions;
import dev.lakeops.tools.kafka.KafkaTools;
import dev.lakeops.tools.kafka.LagHistory;
import dev.lakeops.tools.kafka.LagRules;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sandbox's Flink job reads topic {@code orders} with Flink's Kafka source, which never joins
 * its group {@code orders-to-lake} and commits offsets only on checkpoints (every 5 s): the lag
 * tool must call that a Flink-style committer, not a stopped consumer, and combine the job's own
 * offsets.
 */
class FlinkSourceLagIT {

  private static final String GROUP = "orders-to-lake";
  @TempDir static Path workDir;
  private static Sandbox sandbox;

  @BeforeAll
  static void start() {
    Path home = Path.of(System.getProperty("lakeops.home", "../.."));
    int[] ports = dev.lakeops.eval.sandbox.FreePorts.take(3);
    sandbox =
        Sandbox.start(
            SandboxConfig.defaults(home, workDir)
                .withPorts(ports[0], ports[1], ports[2])
                .withRecordsPerSecond(500));
  }

  @AfterAll
  static void stop() {
    long broker = sandbox == null ? -1 : sandbox.brokerPid();
    long pipeline = sandbox == null ? -1 : sandbox.pipelinePid();
    if (sandbox != null) {
      sandbox.close();
    }
    for (long pid : List.of(broker, pipeline)) {
      assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
    }
  }

  @Test
  void callsACheckpointCommittingFlinkSourceNoOutageAndCombinesItsOffsets() throws Exception {
    awaitFirstCommit();
    KafkaTools tools =
        new KafkaTools(
            KafkaClusters.of(List.of()),
            KafkaProbeOptions.defaults(),
            LagRules.defaults().withMinStallWindow(Duration.ofSeconds(6)),
            LagHistory.defaults(),
            Clock.systemUTC());
    KafkaCluster cluster = new KafkaCluster("sandbox", sandbox.kafkaBootstrap(), Map.of());

    tools.lag(cluster, List.of(GROUP), 3, Duration.ofSeconds(4), Map.of());
    FlinkSourceOffsets flink = awaitFlinkSourceOffsets();
    ToolReport report = tools.lag(cluster, List.of(GROUP), 1, Duration.ZERO, Map.of(GROUP, flink));

    assertThat(flink.partitions()).as("Flink source offsets %s", flink).isNotEmpty();
    List<String> codes = report.findings().stream().map(Finding::code).toList();
    assertThat(codes)
        .as(Json.compact(report))
        .contains("kafka.lag.flink-checkpoint-commits")
        .doesNotContain("kafka.lag.stopped", "kafka.lag.stalled", "kafka.offset.below-log-start");
    Finding status = report.findings().get(0);
    assertThat(status.code()).isIn("kafka.lag.ok", "kafka.lag.growing", "kafka.lag.no-trend");
    assertThat(status.evidence())
        .containsEntry("group", GROUP)
        .containsEntry("members", "0")
        .containsEntry("topics", "orders");
    Finding flinkFinding =
        report.findings().stream()
            .filter(f -> f.code().equals("kafka.lag.flink-checkpoint-commits"))
            .findFirst()
            .orElseThrow();
    assertThat(flinkFinding.evidence())
        .containsEntry("flinkJob", sandbox.jobName())
        .containsKeys("flinkLag", "kafkaLag");
  }

  /**
   * Flink's JobManager serves per-partition source metrics only once its metric fetcher has run.
   */
  private static FlinkSourceOffsets awaitFlinkSourceOffsets() throws InterruptedException {
    FlinkSourceOffsetsProbe probe =
        new FlinkSourceOffsetsProbe(
            new FlinkRestClient(sandbox.flinkRestUrl(), Duration.ofSeconds(5)), Clock.systemUTC());
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    FlinkSourceOffsets offsets = probe.capture(sandbox.jobName());
    while (offsets.partitions().isEmpty() && System.nanoTime() < deadline) {
      Thread.sleep(500);
      offsets = probe.capture(sandbox.jobName());
    }
    return offsets;
  }

  private static void awaitFirstCommit() throws Exception {
    java.util.Properties props = new java.util.Properties();
    props.put("bootstrap.servers", sandbox.kafkaBootstrap());
    try (Admin admin = Admin.create(props)) {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (admin
          .listConsumerGroupOffsets(GROUP)
          .partitionsToOffsetAndMetadata()
          .get(10, TimeUnit.SECONDS)
          .isEmpty()) {
        if (System.nanoTime() > deadline) {
          throw new AssertionError(
              "the Flink job committed no offsets for " + GROUP + " within 60 s");
        }
        Thread.sleep(500);
      }
    }
  }
}
