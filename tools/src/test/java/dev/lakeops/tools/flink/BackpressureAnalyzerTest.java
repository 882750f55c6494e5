package dev.lakeops.tools.flink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The bottleneck rule on hand-built snapshots: each case is one shape a real job can take. */
class BackpressureAnalyzerTest {

  private final BackpressureAnalyzer analyzer = new BackpressureAnalyzer();

  @Test
  void namesTheFirstBusyVertexBelowBackpressuredOnes() {
    FlinkJobSnapshot snapshot =
        job(
            "RUNNING",
            vertex("src", "Source: orders", List.of(), load(10, 980, 0), load(12, 975, 0)),
            vertex("map", "enrich", List.of("src"), load(30, 960, 0), load(25, 965, 0)),
            vertex("slow", "slow-lookup", List.of("map"), load(995, 0, 5), load(990, 0, 10)),
            vertex("sink", "Sink: out", List.of("slow"), load(5, 0, 995), load(4, 0, 996)));

    List<Finding> findings = analyzer.analyze(snapshot);

    assertThat(findings)
        .extracting(Finding::code)
        .containsExactly("flink.backpressure.bottleneck", "flink.backpressure.capacity");
    Finding f = findings.get(0);
    assertThat(f.severity()).isEqualTo(Severity.CRITICAL);
    assertThat(f.evidence())
        .containsEntry("vertex", "slow-lookup")
        .containsEntry("busyMsPerSecond.max", "995")
        .containsEntry("role", "intermediate")
        .containsEntry("subtask[1]", "busy=990 backPressured=0 idle=10");
    assertThat(f.evidence().get("backpressuredInputs")).contains("enrich");
  }

  @Test
  void flagsASinkBottleneckAsASlowSink() {
    FlinkJobSnapshot snapshot =
        job(
            "RUNNING",
            vertex("src", "Source: orders", List.of(), load(10, 900, 0)),
            vertex("sink", "Sink: lake-writer", List.of("src"), load(998, 0, 2)));

    assertThat(analyzer.analyze(snapshot))
        .extracting(Finding::code)
        .containsExactly(
            "flink.backpressure.bottleneck",
            "flink.backpressure.capacity",
            "flink.backpressure.slow-sink");
  }

  // a lake sink's writer is followed by its committer (Paimon, Iceberg, lakeops): not the last
  // vertex, but it sends on next to nothing of what it takes in
  @Test
  void aBusyWriterThatSendsNextToNothingOnToItsCommitterIsASlowSink() {
    FlinkJobSnapshot snapshot =
        job(
            "RUNNING",
            vertex(
                "src",
                "Source: cdc shop.orders",
                List.of(),
                new SubtaskLoad(-1, 5.0, 800.0, 0.0, 0.0, 400.0)),
            vertex(
                "writer",
                "lake writer: shop.orders",
                List.of("src"),
                new SubtaskLoad(-1, 990.0, 0.0, 10.0, 400.0, 0.5)),
            vertex(
                "committer",
                "lake committer: shop.orders",
                List.of("writer"),
                new SubtaskLoad(-1, 1.0, 0.0, 999.0, 0.5, 0.5)));

    List<Finding> findings = analyzer.analyze(snapshot);

    assertThat(findings).extracting(Finding::code).contains("flink.backpressure.slow-sink");
    Finding slow =
        findings.stream()
            .filter(f -> f.code().equals("flink.backpressure.slow-sink"))
            .findFirst()
            .orElseThrow();
    assertThat(slow.evidence())
        .containsEntry("vertex", "lake writer: shop.orders")
        .containsEntry("recordsInPerSecond", "400")
        .containsEntry("recordsOutPerSecond", "0.5");
  }

  // a busy operator that sends on what it takes in is not a sink, however idle what follows it is;
  // nor is one whose output rate is not reported, nor an aggregation that sends on little to a sink
  // that is not a committer
  @Test
  void aBusyOperatorThatSendsItsRecordsOnOrDoesNotSayIsNotASlowSink() {
    for (Double out : new Double[] {380.0, null, 0.5}) {
      FlinkJobSnapshot snapshot =
          job(
              "RUNNING",
              vertex(
                  "src",
                  "Source: orders",
                  List.of(),
                  new SubtaskLoad(-1, 5.0, 800.0, 0.0, 0.0, 400.0)),
              vertex(
                  "map",
                  "enrich",
                  List.of("src"),
                  new SubtaskLoad(-1, 990.0, 0.0, 10.0, 400.0, out)),
              vertex(
                  "sink",
                  "Sink: out",
                  List.of("map"),
                  new SubtaskLoad(-1, 1.0, 0.0, 999.0, 380.0, 0.0)));

      assertThat(analyzer.analyze(snapshot))
          .as("output %s", out)
          .extracting(Finding::code)
          .contains("flink.backpressure.bottleneck")
          .doesNotContain("flink.backpressure.slow-sink");
    }
  }

  @Test
  void callsAFewHotSubtasksNextToIdleSiblingsKeySkew() {
    FlinkJobSnapshot snapshot =
        job(
            "RUNNING",
            vertex("src", "Source: orders", List.of(), load(10, 950, 0), load(10, 960, 0)),
            vertex(
                "agg",
                "per-shop-total",
                List.of("src"),
                new SubtaskLoad(0, 40.0, 0.0, 960.0, 70.0),
                new SubtaskLoad(1, 999.0, 0.0, 1.0, 720.0),
                new SubtaskLoad(2, 35.0, 0.0, 965.0, 66.0)),
            vertex("sink", "Sink: totals", List.of("agg"), load(5, 0, 995)));

    List<Finding> findings = analyzer.analyze(snapshot);

    assertThat(findings)
        .extracting(Finding::code)
        .containsExactly("flink.backpressure.bottleneck", "flink.backpressure.key-skew");
    assertThat(findings.get(1).evidence())
        .containsEntry("hotSubtasks", "1")
        .containsEntry("coldSubtasks", "2")
        .containsEntry("recordsInPerSecond.max", "720");
  }

  @Test
  void suggestsTwiceTheParallelismOfABottleneckWhoseSubtasksShareTheLoadWithinItsMaximum() {
    VertexSample src = vertex("src", "Source: orders", List.of(), load(10, 950, 0));
    VertexSample writer = vertex("w", "lake writer: shop.orders", List.of("src"), load(990, 0, 10));
    VertexSample end = vertex("end", "lake committer: shop.orders", List.of("w"), load(1, 0, 999));

    Finding free = analyzer.analyze(job("RUNNING", src, writer, end)).get(0);
    Finding capped = analyzer.analyze(job("RUNNING", src, withMax(writer, 2, 3), end)).get(0);
    Finding atMax = analyzer.analyze(job("RUNNING", src, withMax(writer, 2, 2), end)).get(0);

    assertThat(free.code()).isEqualTo("flink.backpressure.bottleneck");
    assertThat(free.evidence())
        .containsEntry("parallelism", "1")
        .containsEntry("suggestedParallelism", "2")
        .doesNotContainKey("maxParallelism");
    assertThat(capped.evidence())
        .containsEntry("parallelism", "2")
        .containsEntry("maxParallelism", "3")
        .containsEntry("suggestedParallelism", "3");
    assertThat(atMax.evidence())
        .containsEntry("maxParallelism", "2")
        .doesNotContainKey("suggestedParallelism");
  }

  @Test
  void suggestsNoParallelismForKeySkewWhichMoreSubtasksDoNotSpread() {
    FlinkJobSnapshot snapshot =
        job(
            "RUNNING",
            vertex("src", "Source: orders", List.of(), load(10, 950, 0)),
            vertex(
                "agg",
                "per-shop-total",
                List.of("src"),
                load(40, 0, 960),
                load(999, 0, 1),
                load(35, 0, 965)),
            vertex("sink", "Sink: totals", List.of("agg"), load(5, 0, 995)));

    List<Finding> findings = analyzer.analyze(snapshot);

    assertThat(findings.get(1).code()).isEqualTo("flink.backpressure.key-skew");
    assertThat(findings.get(0).evidence()).doesNotContainKey("suggestedParallelism");
  }

  /**
   * {@code v} as if it ran {@code parallelism} subtasks (its load repeated) of at most {@code max}.
   */
  private static VertexSample withMax(VertexSample v, int parallelism, int max) {
    SubtaskLoad[] loads = new SubtaskLoad[parallelism];
    java.util.Arrays.fill(loads, v.subtasks().get(0));
    FlinkVertex f = v.vertex();
    return vertex(f.id(), f.name(), f.inputIds(), max, loads);
  }

  @Test
  void doesNotCallEvenlyBusySubtasksKeySkew() {
    FlinkJobSnapshot snapshot =
        job(
            "RUNNING",
            vertex("src", "Source: orders", List.of(), load(10, 950, 0)),
            vertex(
                "agg",
                "per-shop-total",
                List.of("src"),
                load(990, 0, 10),
                load(700, 0, 300),
                load(980, 0, 20)),
            vertex("sink", "Sink: totals", List.of("agg"), load(5, 0, 995)));

    assertThat(analyzer.analyze(snapshot))
        .extracting(Finding::code)
        .containsExactly("flink.backpressure.bottleneck", "flink.backpressure.capacity");
  }

  @Test
  void reportsNoBackpressureWhenEveryVertexIsBelowTheThreshold() {
    FlinkJobSnapshot snapshot =
        job(
            "RUNNING",
            vertex("src", "Source: orders", List.of(), load(100, 120, 780)),
            vertex("sink", "Sink: out", List.of("src"), load(300, 0, 700)));

    List<Finding> findings = analyzer.analyze(snapshot);

    assertThat(findings).extracting(Finding::code).containsExactly("flink.backpressure.none");
    assertThat(findings.get(0).severity()).isEqualTo(Severity.OK);
    assertThat(findings.get(0).evidence()).containsEntry("backPressuredMsPerSecond.max", "120");
  }

  @Test
  void doesNotBlameABusyVertexWhoseInputsAreNotBackpressured() {
    // A busy source with an idle sink is just a busy job, not backpressure.
    FlinkJobSnapshot snapshot =
        job(
            "RUNNING",
            vertex("src", "Source: orders", List.of(), load(990, 0, 10)),
            vertex("sink", "Sink: out", List.of("src"), load(100, 0, 900)));

    assertThat(analyzer.analyze(snapshot))
        .extracting(Finding::code)
        .containsExactly("flink.backpressure.none");
  }

  @Test
  void saysUnlocatedWhenNothingBelowTheBackpressureIsBusy() {
    FlinkJobSnapshot snapshot =
        job(
            "RUNNING",
            vertex("src", "Source: orders", List.of(), load(10, 950, 0)),
            vertex("sink", "Sink: out", List.of("src"), load(100, 0, 900)));

    List<Finding> findings = analyzer.analyze(snapshot);

    assertThat(findings).extracting(Finding::code).containsExactly("flink.backpressure.unlocated");
    assertThat(findings.get(0).severity()).isEqualTo(Severity.WARN);
  }

  @Test
  void findsTheBottleneckWhenOnlyOneSubtaskIsHot() {
    FlinkJobSnapshot snapshot =
        job(
            "RUNNING",
            vertex("src", "Source: orders", List.of(), load(10, 700, 290), load(10, 720, 270)),
            vertex("agg", "keyed-agg", List.of("src"), load(1000, 0, 0), load(40, 0, 960)));

    Finding f = analyzer.analyze(snapshot).get(0);

    assertThat(f.code()).isEqualTo("flink.backpressure.bottleneck");
    assertThat(f.evidence())
        .containsEntry("busyMsPerSecond.max", "1000")
        .containsEntry("busyMsPerSecond.avg", "520");
  }

  @Test
  void marksAChainedVertex() {
    FlinkJobSnapshot snapshot =
        job(
            "RUNNING",
            vertex("src", "Source: orders", List.of(), load(10, 950, 0)),
            vertex("chain", "enrich -> Sink: out", List.of("src"), load(990, 0, 0)));

    assertThat(analyzer.analyze(snapshot).get(0).evidence()).containsEntry("chained", "true");
  }

  @Test
  void reportsAJobThatIsNotRunning() {
    FlinkJobSnapshot snapshot = job("RESTARTING", vertex("src", "Source: orders", List.of()));

    List<Finding> findings = analyzer.analyze(snapshot);

    assertThat(findings).extracting(Finding::code).containsExactly("flink.job.not-running");
    assertThat(findings.get(0).severity()).isEqualTo(Severity.CRITICAL);
    assertThat(findings.get(0).evidence()).containsEntry("state", "RESTARTING");
  }

  @Test
  void reportsMissingMetricsInsteadOfGuessing() {
    FlinkJobSnapshot snapshot =
        job(
            "RUNNING",
            vertex("src", "Source: orders", List.of(), new SubtaskLoad(0, null, null, null)),
            vertex("sink", "Sink: out", List.of("src"), new SubtaskLoad(0, null, null, null)));

    assertThat(analyzer.analyze(snapshot))
        .extracting(Finding::code)
        .containsExactly("flink.metrics.unavailable");
  }

  @Test
  void fallsBackToTheBackpressureEndpointWhenTaskMetricsAreMissing() {
    VertexBackpressure high =
        new VertexBackpressure(
            "high", List.of(new VertexBackpressure.Subtask(0, "high", 0.97, 0.0, 0.03)));
    VertexBackpressure ok =
        new VertexBackpressure(
            "ok", List.of(new VertexBackpressure.Subtask(0, "ok", 0.0, 0.004, 0.996)));
    FlinkVertex src = new FlinkVertex("src", "Source: orders", 1, "RUNNING", List.of());
    FlinkVertex sink = new FlinkVertex("sink", "Sink: out", 1, "RUNNING", List.of("src"));
    FlinkJobSnapshot snapshot =
        snapshot(
            "RUNNING",
            List.of(
                new VertexSample(src, List.of(new SubtaskLoad(0, null, null, 5.0)), high),
                new VertexSample(sink, List.of(new SubtaskLoad(0, null, null, 4.0)), ok)));

    assertThat(analyzer.analyze(snapshot))
        .extracting(Finding::code)
        .startsWith("flink.backpressure.bottleneck");
  }

  // --- builders ---

  private static SubtaskLoad load(double busy, double backPressured, double idle) {
    return new SubtaskLoad(-1, busy, backPressured, idle);
  }

  private static VertexSample vertex(
      String id, String name, List<String> inputs, SubtaskLoad... loads) {
    return vertex(id, name, inputs, -1, loads);
  }

  private static VertexSample vertex(
      String id, String name, List<String> inputs, int maxParallelism, SubtaskLoad... loads) {
    List<SubtaskLoad> indexed = new ArrayList<>();
    for (int i = 0; i < loads.length; i++) {
      SubtaskLoad l = loads[i];
      indexed.add(
          new SubtaskLoad(
              i,
              l.busyMsPerSecond(),
              l.backPressuredMsPerSecond(),
              l.idleMsPerSecond(),
              l.recordsInPerSecond(),
              l.recordsOutPerSecond()));
    }
    return new VertexSample(
        new FlinkVertex(id, name, Math.max(1, loads.length), maxParallelism, "RUNNING", inputs),
        indexed,
        null);
  }

  private static FlinkJobSnapshot job(String state, VertexSample... vertices) {
    return snapshot(state, List.of(vertices));
  }

  private static FlinkJobSnapshot snapshot(String state, List<VertexSample> vertices) {
    return new FlinkJobSnapshot(
        "http://flink:8081",
        "2.3.0",
        new FlinkJobSummary("0123456789abcdef0123456789abcdef", "orders-to-lake", state, 1L),
        vertices,
        Instant.EPOCH,
        List.of("GET http://flink:8081/v1/jobs/0123456789abcdef0123456789abcdef"),
        1);
  }

  @Test
  void listsTheJobGraphForAPictureWithTheBottleneckByIndex() {
    FlinkJobSnapshot snapshot =
        job(
            "RUNNING",
            vertex("src", "Source: orders", List.of(), load(10, 980, 0)),
            vertex("slow", "slow lookup name=x", List.of("src"), load(995, 0, 5)),
            vertex("sink", "Sink: out", List.of("slow"), load(5, 0, 995)));

    Finding f = analyzer.analyze(snapshot).get(0);

    assertThat(f.evidence())
        .containsEntry("graph.vertices", "3")
        .containsEntry("graph.bottleneck", "1")
        .containsEntry(
            "graph.vertex[0]", "in= p=1 busy=10 backPressured=980 idle=0 name=Source: orders")
        .containsEntry(
            "graph.vertex[1]", "in=0 p=1 busy=995 backPressured=0 idle=5 name=slow lookup name=x")
        .containsEntry(
            "graph.vertex[2]", "in=1 p=1 busy=5 backPressured=0 idle=995 name=Sink: out");
  }

  @Test
  void listsAtMost40VerticesOfALargeJobButStillPointsAtTheBottleneck() {
    List<VertexSample> vertices = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      vertices.add(
          vertex(
              "v" + i,
              "op-" + i,
              i == 0 ? List.of() : List.of("v" + (i - 1)),
              i < 150 ? load(10, 990, 0) : i == 150 ? load(990, 0, 10) : load(3, 0, 997)));
    }

    Finding f = analyzer.analyze(snapshot("RUNNING", vertices)).get(0);

    assertThat(f.evidence())
        .containsEntry("graph.vertices", "200")
        .containsEntry("graph.bottleneck", "150")
        .containsKey("graph.vertex[39]")
        .doesNotContainKey("graph.vertex[40]");
  }
}
