package dev.lakeops.eval.world.flink;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.eval.world.time.WorldClock;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Json;
import dev.lakeops.tools.flink.BackpressureAnalyzer;
import dev.lakeops.tools.flink.FlinkJobProbe;
import dev.lakeops.tools.flink.FlinkRest;
import dev.lakeops.tools.flink.Sampling;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The simulated Flink cluster against the answers recorded from a real one (Flink 2.3.0, {@code
 * tools/src/test/resources/flink/2.3}): every field path a real answer has, the world's answer has
 * too, and the same fault gives the same findings.
 */
class WorldAgainstRecordingsTest {

  private static final Path RECORDED = Path.of("../../tools/src/test/resources/flink/2.3");
  private static final Instant NOW = Instant.parse("2026-11-30T12:00:00Z");

  @Test
  void everyDocumentHasTheFieldsOfTheRecordedOne() throws Exception {
    FlinkWorld world = backpressuredWorld();
    WorldFlinkRest rest = new WorldFlinkRest(world);
    FlinkJobModel job = world.require("bp-pipeline");
    String jobPath = "/v1/jobs/" + job.id();
    String sink = job.vertices().get(job.vertices().size() - 1).id();
    assertSameShape(rest.get("/v1/overview"), recorded("backpressured/overview.json"));
    assertSameShape(rest.get("/v1/jobs/overview"), recorded("backpressured/jobs-overview.json"));
    assertSameShape(rest.get(jobPath), recorded("backpressured/job.json"));
    assertSameShape(
        rest.get(jobPath + "/vertices/" + sink + "/backpressure"),
        recorded("backpressured/vertex-ea632d67b7d595e5b851708ae9ad79d6-backpressure.json"));
    assertSameShape(
        rest.get(jobPath + "/checkpoints/config"),
        recorded("checkpoint-timeout/checkpoints-config.json"));
    FlinkWorld expiring = new FlinkWorld("flink", "2.3.0", new WorldClock(NOW));
    FlinkJobModel failing = expiring.job("cp", NOW.toEpochMilli() - 50_000, 2_000, 1_000);
    failing.addVertex("Source: Sequence Source", 2, 1_000_000, false);
    failing.offerRate(100);
    failing.checkpointsExpire(NOW.toEpochMilli() - 20_000, null);
    assertSameShape(
        new WorldFlinkRest(expiring).get("/v1/jobs/" + failing.id() + "/checkpoints"),
        recorded("checkpoint-timeout/checkpoints.json"));
  }

  @Test
  void theExceptionsOfARestartLoopHaveTheRecordedFields() throws Exception {
    WorldClock clock = new WorldClock(NOW);
    FlinkWorld world = new FlinkWorld("flink", "2.3.0", clock);
    FlinkJobModel job = world.job("loop", NOW.toEpochMilli() - 3_600_000, 3_000, 60_000);
    job.addVertex("Source: Sequence Source", 2, 50_000, false);
    job.addVertex("lake-committer: Writer", 2, 50_000, false);
    job.offerRate(1_000);
    job.restartLoop(
        NOW.toEpochMilli() - 300_000,
        20_000L,
        new dev.lakeops.eval.world.flink.FlinkFailure(
            "java.lang.IllegalStateException", "conflict", "lake-committer: Writer"));
    JsonNode answer = new WorldFlinkRest(world).get("/v1/jobs/" + job.id() + "/exceptions");
    assertSameShape(answer, recorded("restart-loop/exceptions.json"));
  }

  @Test
  void aSlowVertexGivesTheFindingsTheRecordedBackpressuredJobGives() throws Exception {
    List<String> world = codes(new WorldFlinkRest(backpressuredWorld()), "bp-pipeline");
    assertThat(world).contains("flink.backpressure.bottleneck");
    assertThat(world)
        .containsExactlyInAnyOrderElementsOf(codes(recordedRest("backpressured"), "bp-pipeline"));
  }

  @Test
  void aHotKeyGivesTheFindingsTheRecordedHotKeyJobGives() throws Exception {
    FlinkWorld world = new FlinkWorld("flink", "2.3.0", new WorldClock(NOW));
    FlinkJobModel job = world.job("healthy", NOW.toEpochMilli() - 30_000, 3_000, 600_000);
    job.addVertex("Source: orders-seq", 2, 1_000_000, false);
    job.addVertex("assign-shop", 2, 1_000_000, false);
    job.addVertex("per-shop-total", 4, 2_000, true);
    job.addVertex("totals: Writer", 2, 1_000_000, false);
    job.hotKey("per-shop-total", NOW.toEpochMilli() - 20_000, 0.9);
    job.offerRate(1_000_000);
    List<String> simulated = codes(new WorldFlinkRest(world), "healthy");
    assertThat(simulated).contains("flink.backpressure.key-skew");
    assertThat(simulated)
        .containsExactlyInAnyOrderElementsOf(codes(recordedRest("hot-key"), "healthy"));
  }

  @Test
  void aCpuHeavyOperatorGivesTheFindingsTheRecordedCpuHeavyJobGives() throws Exception {
    FlinkWorld world = new FlinkWorld("flink", "2.3.0", new WorldClock(NOW));
    FlinkJobModel job = world.job("healthy", NOW.toEpochMilli() - 30_000, 3_000, 600_000);
    job.addVertex("Source: numbers", 1, 1_000_000, false);
    job.addVertex("score-orders", 1, 500, false);
    job.addVertex("scores: Writer", 1, 1_000_000, false);
    job.offerRate(1_000_000);
    List<String> simulated = codes(new WorldFlinkRest(world), "healthy");
    assertThat(simulated).contains("flink.backpressure.capacity");
    assertThat(simulated)
        .containsExactlyInAnyOrderElementsOf(codes(recordedRest("cpu-heavy"), "healthy"));
  }

  @Test
  void aJobThatKeepsUpGivesTheFindingsTheRecordedHealthyJobGives() throws Exception {
    FlinkWorld world = new FlinkWorld("flink", "2.3.0", new WorldClock(NOW));
    FlinkJobModel job = world.job("healthy-pipeline", NOW.toEpochMilli() - 30_000, 3_000, 600_000);
    for (String v :
        List.of(
            "Source: rate-limited-source",
            "parse",
            "slow-enrich",
            "keep-all",
            "lake-writer: Writer")) {
      job.addVertex(v, 2, 100_000, false);
    }
    job.offerRate(200);
    List<String> simulated = codes(new WorldFlinkRest(world), "healthy-pipeline");
    assertThat(simulated).contains("flink.backpressure.none");
    assertThat(simulated)
        .containsExactlyInAnyOrderElementsOf(codes(recordedRest("healthy"), "healthy-pipeline"));
  }

  /** The recorded job's shape: a 2 ms-per-record map between a fast source and idle operators. */
  private static FlinkWorld backpressuredWorld() {
    WorldClock clock = new WorldClock(NOW);
    FlinkWorld world = new FlinkWorld("flink", "2.3.0", clock);
    FlinkJobModel job = world.job("bp-pipeline", NOW.toEpochMilli() - 24_000, 3_000, 600_000);
    job.addVertex("Source: Sequence Source", 2, 1_000_000, false);
    job.addVertex("parse", 2, 100_000, false);
    job.addVertex("slow-enrich", 2, 500, false);
    job.addVertex("keep-all", 2, 100_000, false);
    job.addVertex("lake-writer: Writer", 2, 100_000, false);
    job.offerRate(1_000_000);
    return world;
  }

  private static List<String> codes(FlinkRest rest, String jobName) {
    var snapshot =
        new FlinkJobProbe(rest, new Sampling(1, Duration.ZERO, 32, 64), java.time.Clock.systemUTC())
            .capture(jobName);
    return new BackpressureAnalyzer()
        .analyze(snapshot).stream().map(Finding::code).distinct().sorted().toList();
  }

  /** The recorded answers as a {@link FlinkRest}, by the file names of the recordings' README. */
  private static FlinkRest recordedRest(String dir) {
    return new FlinkRest() {
      @Override
      public JsonNode get(String path) {
        String file;
        String bare = path.replaceFirst("\\?.*", "");
        if (bare.equals("/v1/overview")) {
          file = "overview.json";
        } else if (bare.equals("/v1/jobs/overview")) {
          file = "jobs-overview.json";
        } else if (bare.matches("/v1/jobs/[0-9a-f]{32}")) {
          file = "job.json";
        } else if (bare.matches(".*/vertices/[0-9a-f]{32}/(metrics|backpressure)")) {
          String[] parts = bare.split("/");
          file = "vertex-" + parts[5] + "-" + parts[6] + ".json";
        } else {
          throw new dev.lakeops.tools.ProbeException(
              dev.lakeops.tools.ProbeException.Code.NOT_FOUND, "GET " + path, "not recorded");
        }
        try {
          return Json.mapper().readTree(Files.readString(RECORDED.resolve(dir).resolve(file)));
        } catch (java.io.IOException e) {
          throw new IllegalStateException(e);
        }
      }

      @Override
      public String baseUrl() {
        return "http://127.0.0.1:8081";
      }
    };
  }

  private static JsonNode recorded(String file) throws Exception {
    return Json.mapper().readTree(Files.readString(RECORDED.resolve(file)));
  }

  private static void assertSameShape(JsonNode world, JsonNode real) {
    assertThat(paths(world, "")).containsAll(paths(real, ""));
  }

  /** Every field path of {@code node}, array elements merged as {@code []}. */
  private static Set<String> paths(JsonNode node, String at) {
    Set<String> all = new TreeSet<>();
    if (node.isObject()) {
      Iterator<String> names = node.fieldNames();
      while (names.hasNext()) {
        String n = names.next();
        if (node.get(n).isNull()) {
          continue;
        }
        String p = at + "." + n;
        if (!n.matches("[0-9a-f]{32}")) {
          all.add(p);
          all.addAll(paths(node.get(n), p));
        }
      }
    } else if (node.isArray()) {
      for (JsonNode e : node) {
        all.addAll(paths(e, at + "[]"));
      }
    }
    return all;
  }
}
