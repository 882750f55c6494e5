package dev.lakeops.tools.flink;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * Locates the backpressure bottleneck of a job: the first vertex, in DAG order, that is busy and
 * not itself backpressured while a vertex feeding it is backpressured. Backpressure travels
 * upstream from the slow vertex, so the vertices above it are blocked on full output buffers and
 * the slow one is the first that is busy instead (method of the Flink blog post "How to identify
 * the source of backpressure?", 2021). Pure: snapshot in, findings out.
 *
 * <p>Why the bottleneck is slow comes from {@link BackpressureCauseClassifier}.
 *
 * <p>Codes: {@code flink.backpressure.bottleneck}, {@code flink.backpressure.key-skew}, {@code
 * flink.backpressure.capacity}, {@code flink.backpressure.slow-sink}, {@code
 * flink.backpressure.unlocated}, {@code flink.backpressure.none}, {@code flink.job.not-running},
 * {@code flink.metrics.unavailable}.
 */
public final class BackpressureAnalyzer {

  /** Above this share of a second a subtask counts as backpressured: Flink's own "high". */
  static final double BACKPRESSURED = 0.5;

  /** At or above this share of a second a subtask counts as busy. */
  static final double BUSY = 0.5;

  // a writer that sends on at most this share of what it takes in writes out of the job
  static final double SINK_OUT_SHARE = 0.01;
  static final double MIN_RECORDS_IN = 1.0;

  /** Upstream backpressure and bottleneck load at or above this share make the finding critical. */
  static final double SATURATED = 0.9;

  /**
   * Vertices a finding's job graph lists ({@code graph.vertex[i]}); the rest are only counted in
   * {@code graph.vertices}, so the evidence stays small for a job of hundreds of vertices.
   */
  static final int GRAPH_VERTICES = 40;

  public List<Finding> analyze(FlinkJobSnapshot snapshot) {
    String jobSubject = "flink job " + snapshot.job().name();
    if (!snapshot.job().isRunning()) {
      return List.of(notRunning(snapshot, jobSubject));
    }
    List<VertexSample> measured =
        snapshot.vertices().stream().filter(VertexSample::hasLoadMetrics).toList();
    if (measured.isEmpty()) {
      return List.of(metricsUnavailable(snapshot, jobSubject));
    }
    List<VertexSample> backpressured =
        measured.stream().filter(v -> v.maxBackPressuredRatio() > BACKPRESSURED).toList();
    if (backpressured.isEmpty()) {
      return List.of(noBackpressure(snapshot, jobSubject, measured));
    }
    Optional<Bottleneck> bottleneck = locate(snapshot);
    if (bottleneck.isEmpty()) {
      return List.of(unlocated(snapshot, jobSubject, backpressured));
    }
    List<Finding> findings = new ArrayList<>();
    Optional<Finding> cause =
        BackpressureCauseClassifier.classify(snapshot, bottleneck.get().vertex());
    boolean skewed = cause.filter(f -> f.code().equals("flink.backpressure.key-skew")).isPresent();
    findings.add(
        bottleneckFinding(
            snapshot,
            bottleneck.get(),
            skewed ? OptionalInt.empty() : rescaleTo(bottleneck.get().vertex().vertex())));
    cause.ifPresent(findings::add);
    if (bottleneck.get().isSink()) {
      findings.add(slowSink(snapshot, bottleneck.get()));
    }
    return findings;
  }

  /** A busy, not backpressured vertex with at least one backpressured input. */
  record Bottleneck(VertexSample vertex, List<VertexSample> backpressuredInputs, boolean isSink) {}

  static Optional<Bottleneck> locate(FlinkJobSnapshot snapshot) {
    for (VertexSample candidate : snapshot.vertices()) {
      if (!candidate.hasLoadMetrics()
          || candidate.maxBackPressuredRatio() > BACKPRESSURED
          || candidate.maxBusyRatio() < BUSY) {
        continue;
      }
      List<VertexSample> blockedInputs =
          candidate.vertex().inputIds().stream()
              .map(snapshot::vertex)
              .flatMap(Optional::stream)
              .filter(input -> input.maxBackPressuredRatio() > BACKPRESSURED)
              .toList();
      if (!blockedInputs.isEmpty()) {
        List<VertexSample> downstream = snapshot.downstreamOf(candidate.vertex().id());
        boolean sink = downstream.isEmpty() || writesOut(candidate, downstream);
        return Optional.of(new Bottleneck(candidate, blockedInputs, sink));
      }
    }
    return Optional.empty();
  }

  /**
   * The writer of a two-phase sink, whose vertex is followed by its committer's: Flink's own Sink
   * V2 names them {@code ...: Writer} and {@code ...: Committer}, Paimon {@code Writer : t} and
   * {@code Global Committer : t}, Iceberg {@code IcebergStreamWriter} and {@code
   * IcebergFilesCommitter}. It takes records in and sends on next to nothing (a committable per
   * checkpoint), since what it writes goes to the external system. Both are needed: an aggregation
   * also sends on little, and a vertex's name alone proves nothing.
   */
  static boolean writesOut(VertexSample v, List<VertexSample> downstream) {
    OptionalDouble in = v.sum(SubtaskLoad::recordsInPerSecond);
    OptionalDouble out = v.sum(SubtaskLoad::recordsOutPerSecond);
    return in.isPresent()
        && out.isPresent()
        && in.getAsDouble() >= MIN_RECORDS_IN
        && out.getAsDouble() <= in.getAsDouble() * SINK_OUT_SHARE
        && downstream.stream()
            .anyMatch(d -> d.vertex().name().toLowerCase(Locale.ROOT).contains("committer"));
  }

  /**
   * The parallelism to propose for a bottleneck whose subtasks share the load (not key skew): twice
   * what it runs, within its maximum parallelism; empty when it is at the maximum already.
   */
  static OptionalInt rescaleTo(FlinkVertex v) {
    int target = v.parallelism() * 2;
    if (v.maxParallelism() > 0) {
      target = Math.min(target, v.maxParallelism());
    }
    return target > v.parallelism() ? OptionalInt.of(target) : OptionalInt.empty();
  }

  private static Finding bottleneckFinding(
      FlinkJobSnapshot snapshot, Bottleneck b, OptionalInt rescaleTo) {
    VertexSample v = b.vertex();
    double upstream =
        b.backpressuredInputs().stream()
            .mapToDouble(VertexSample::maxBackPressuredRatio)
            .max()
            .orElse(0);
    Severity severity =
        upstream >= SATURATED && v.maxBusyRatio() >= SATURATED ? Severity.CRITICAL : Severity.WARN;
    Map<String, String> evidence = new LinkedHashMap<>();
    evidence.put("job", snapshot.job().name());
    evidence.put("jobId", snapshot.job().jobId());
    evidence.put("vertex", v.vertex().name());
    evidence.put("vertexId", v.vertex().id());
    evidence.put("parallelism", Integer.toString(v.vertex().parallelism()));
    if (v.vertex().maxParallelism() > 0) {
      evidence.put("maxParallelism", Integer.toString(v.vertex().maxParallelism()));
    }
    rescaleTo.ifPresent(p -> evidence.put("suggestedParallelism", Integer.toString(p)));
    putLoad(evidence, v);
    evidence.put("backpressuredInputs", names(b.backpressuredInputs()));
    for (VertexSample input : b.backpressuredInputs()) {
      evidence.put(
          "input[" + input.vertex().name() + "].backPressuredMsPerSecond.max",
          ms(input.maxBackPressuredRatio() * 1000));
      if (input.backpressure() != null) {
        evidence.put(
            "input[" + input.vertex().name() + "].backpressureLevel", input.backpressure().level());
      }
    }
    if (v.backpressure() != null) {
      evidence.put("backpressureLevel", v.backpressure().level());
    }
    evidence.put("role", b.isSink() ? "sink" : "intermediate");
    if (v.vertex().isChain()) {
      evidence.put("chained", "true");
    }
    putGraph(evidence, snapshot, v);
    String summary =
        String.format(
                Locale.ROOT,
                "'%s' is the bottleneck: busy %s ms/s (max over %d subtasks) and not backpressured,"
                    + " while %s %s backpressured %s ms/s.",
                v.vertex().name(),
                ms(v.maxBusyRatio() * 1000),
                v.subtasks().size(),
                names(b.backpressuredInputs()),
                b.backpressuredInputs().size() == 1 ? "feeding it is" : "feeding it are",
                ms(upstream * 1000))
            + (v.vertex().isChain()
                ? " The vertex chains several operators; set pipeline.operator-chaining: false"
                    + " temporarily to see which one."
                : "");
    return new Finding(
        severity,
        "flink.backpressure.bottleneck",
        subject(snapshot, v),
        summary,
        evidence,
        sources(snapshot, v, b.backpressuredInputs()));
  }

  private static Finding slowSink(FlinkJobSnapshot snapshot, Bottleneck b) {
    VertexSample v = b.vertex();
    Map<String, String> evidence = new LinkedHashMap<>();
    evidence.put("vertex", v.vertex().name());
    evidence.put("busyMsPerSecond.max", ms(v.maxBusyRatio() * 1000));
    evidence.put("backpressuredInputs", names(b.backpressuredInputs()));
    v.sum(SubtaskLoad::recordsInPerSecond)
        .ifPresent(in -> evidence.put("recordsInPerSecond", ms(in)));
    v.sum(SubtaskLoad::recordsOutPerSecond)
        .ifPresent(out -> evidence.put("recordsOutPerSecond", ms(out)));
    String summary =
        "The bottleneck is a sink: it is busy writing while everything upstream waits on it. Check"
            + " the external system it writes to (latency, throttling, locks) before adding"
            + " parallelism.";
    return new Finding(
        Severity.WARN,
        "flink.backpressure.slow-sink",
        subject(snapshot, v),
        summary,
        evidence,
        sources(snapshot, v, List.of()));
  }

  private static Finding unlocated(
      FlinkJobSnapshot snapshot, String subject, List<VertexSample> backpressured) {
    VertexSample last = backpressured.get(backpressured.size() - 1);
    Map<String, String> evidence = new LinkedHashMap<>();
    evidence.put("job", snapshot.job().name());
    evidence.put("backpressuredVertices", names(backpressured));
    for (VertexSample v : backpressured) {
      evidence.put(
          "vertex[" + v.vertex().name() + "].backPressuredMsPerSecond.max",
          ms(v.maxBackPressuredRatio() * 1000));
    }
    List<VertexSample> downstream = snapshot.downstreamOf(last.vertex().id());
    for (VertexSample d : downstream) {
      evidence.put(
          "vertex[" + d.vertex().name() + "].busyMsPerSecond.max", ms(d.maxBusyRatio() * 1000));
    }
    putGraph(evidence, snapshot, null);
    String summary =
        "Vertices are backpressured ("
            + names(backpressured)
            + ") but no vertex below them is busy: the sample may be stale (Flink caches metrics)"
            + " or the slow part is outside the job; probe again.";
    return new Finding(
        Severity.WARN,
        "flink.backpressure.unlocated",
        subject,
        summary,
        evidence,
        snapshot.endpoints());
  }

  private static Finding noBackpressure(
      FlinkJobSnapshot snapshot, String subject, List<VertexSample> measured) {
    VertexSample worst =
        measured.stream()
            .max(java.util.Comparator.comparingDouble(VertexSample::maxBackPressuredRatio))
            .orElseThrow();
    VertexSample busiest =
        measured.stream()
            .max(java.util.Comparator.comparingDouble(VertexSample::maxBusyRatio))
            .orElseThrow();
    Map<String, String> evidence = new LinkedHashMap<>();
    evidence.put("job", snapshot.job().name());
    evidence.put("jobId", snapshot.job().jobId());
    evidence.put("verticesMeasured", Integer.toString(measured.size()));
    evidence.put("mostBackpressuredVertex", worst.vertex().name());
    evidence.put("backPressuredMsPerSecond.max", ms(worst.maxBackPressuredRatio() * 1000));
    evidence.put("busiestVertex", busiest.vertex().name());
    evidence.put("busyMsPerSecond.max", ms(busiest.maxBusyRatio() * 1000));
    String summary =
        String.format(
            Locale.ROOT,
            "No backpressure: no vertex spends more than %s ms/s backpressured (most: '%s' at %s"
                + " ms/s).",
            ms(BACKPRESSURED * 1000),
            worst.vertex().name(),
            ms(worst.maxBackPressuredRatio() * 1000));
    return new Finding(
        Severity.OK, "flink.backpressure.none", subject, summary, evidence, snapshot.endpoints());
  }

  private static Finding notRunning(FlinkJobSnapshot snapshot, String subject) {
    Map<String, String> evidence = new LinkedHashMap<>();
    evidence.put("job", snapshot.job().name());
    evidence.put("jobId", snapshot.job().jobId());
    evidence.put("state", snapshot.job().state());
    boolean terminalFailure =
        "FAILED".equals(snapshot.job().state())
            || "RESTARTING".equals(snapshot.job().state())
            || "FAILING".equals(snapshot.job().state());
    String summary =
        "The job is "
            + snapshot.job().state()
            + ", not RUNNING: backpressure cannot be measured; look at its exceptions and"
            + " restarts.";
    return new Finding(
        terminalFailure ? Severity.CRITICAL : Severity.WARN,
        "flink.job.not-running",
        subject,
        summary,
        evidence,
        snapshot.endpoints());
  }

  private static Finding metricsUnavailable(FlinkJobSnapshot snapshot, String subject) {
    Map<String, String> evidence = new LinkedHashMap<>();
    evidence.put("job", snapshot.job().name());
    evidence.put("attempts", Integer.toString(snapshot.attempts()));
    evidence.put("vertices", Integer.toString(snapshot.vertices().size()));
    String summary =
        "Flink reported no busy/backpressure metrics for any vertex after "
            + snapshot.attempts()
            + " attempt(s); the job may have just (re)started. Probe again in a few seconds.";
    return new Finding(
        Severity.INFO,
        "flink.metrics.unavailable",
        subject,
        summary,
        evidence,
        snapshot.endpoints());
  }

  private static void putLoad(Map<String, String> evidence, VertexSample v) {
    put(evidence, "busyMsPerSecond.max", v.max(SubtaskLoad::busyMsPerSecond));
    put(evidence, "busyMsPerSecond.avg", v.average(SubtaskLoad::busyMsPerSecond));
    put(evidence, "backPressuredMsPerSecond.max", v.max(SubtaskLoad::backPressuredMsPerSecond));
    put(evidence, "idleMsPerSecond.avg", v.average(SubtaskLoad::idleMsPerSecond));
    for (SubtaskLoad s : v.subtasks()) {
      evidence.put("subtask[" + s.subtask() + "]", perSubtask(s));
    }
  }

  /**
   * The job graph for a picture: {@code graph.vertices} (how many there are), {@code
   * graph.vertex[i]} for the first {@link #GRAPH_VERTICES} in topological order as {@code in=0,1
   * p=2 busy=995 backPressured=0 idle=5 name=...} (inputs by index, load in ms per second: busy and
   * backpressured the maximum over subtasks, idle the average; the name last, so it may hold any
   * character), and {@code graph.bottleneck}, the index of {@code bottleneck} when given (also when
   * beyond the listed ones).
   */
  static void putGraph(
      Map<String, String> evidence, FlinkJobSnapshot snapshot, @Nullable VertexSample bottleneck) {
    List<VertexSample> vertices = snapshot.vertices();
    Map<String, Integer> index = new LinkedHashMap<>();
    for (int i = 0; i < vertices.size(); i++) {
      index.putIfAbsent(vertices.get(i).vertex().id(), i);
    }
    evidence.put("graph.vertices", Integer.toString(vertices.size()));
    int shown = Math.min(vertices.size(), GRAPH_VERTICES);
    for (int i = 0; i < shown; i++) {
      VertexSample v = vertices.get(i);
      String inputs =
          v.vertex().inputIds().stream()
              .map(index::get)
              .filter(n -> n != null && n < shown)
              .map(String::valueOf)
              .collect(Collectors.joining(","));
      evidence.put(
          "graph.vertex[" + i + "]",
          "in="
              + inputs
              + " p="
              + v.vertex().parallelism()
              + " busy="
              + ms(v.max(SubtaskLoad::busyMsPerSecond))
              + " backPressured="
              + ms(v.max(SubtaskLoad::backPressuredMsPerSecond))
              + " idle="
              + ms(v.average(SubtaskLoad::idleMsPerSecond))
              + " name="
              + v.vertex().name());
    }
    if (bottleneck != null) {
      evidence.put("graph.bottleneck", Integer.toString(vertices.indexOf(bottleneck)));
    }
  }

  private static String ms(OptionalDouble value) {
    return value.isPresent() ? ms(value.getAsDouble()) : "n/a";
  }

  private static String perSubtask(SubtaskLoad s) {
    return "busy="
        + ms(s.busyMsPerSecond())
        + " backPressured="
        + ms(s.backPressuredMsPerSecond())
        + " idle="
        + ms(s.idleMsPerSecond());
  }

  private static void put(Map<String, String> evidence, String key, OptionalDouble value) {
    if (value.isPresent()) {
      evidence.put(key, ms(value.getAsDouble()));
    }
  }

  private static String ms(@Nullable Double value) {
    if (value == null) {
      return "n/a";
    }
    double rounded = Math.round(value * 10) / 10.0;
    return rounded == Math.rint(rounded) ? Long.toString((long) rounded) : Double.toString(rounded);
  }

  private static String subject(FlinkJobSnapshot snapshot, VertexSample v) {
    return "flink job " + snapshot.job().name() + " / vertex " + v.vertex().name();
  }

  private static String names(List<VertexSample> samples) {
    return samples.stream()
        .map(s -> "'" + s.vertex().name() + "'")
        .collect(Collectors.joining(", "));
  }

  private static List<String> sources(
      FlinkJobSnapshot snapshot, VertexSample v, List<VertexSample> inputs) {
    List<String> ids = new ArrayList<>();
    ids.add(v.vertex().id());
    inputs.forEach(i -> ids.add(i.vertex().id()));
    Function<String, Boolean> relevant =
        e -> ids.stream().anyMatch(e::contains) || e.matches(".*/v1/jobs/[0-9a-f]{32}$");
    return snapshot.endpoints().stream().filter(relevant::apply).toList();
  }
}
