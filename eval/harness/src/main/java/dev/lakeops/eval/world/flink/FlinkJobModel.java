package dev.lakeops.eval.world.flink;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * A modelled streaming job: a chain of vertices fed by a source, with its restarts, failures and
 * checkpoints. Every metric the REST API shows is computed from this state for the instant asked:
 * the job passes as many records as its input offers or its slowest vertex allows; the vertex that
 * limits it is busy, those before it are backpressured, those after it idle. Faults change the
 * state from an instant on, so answers before and after a fault differ as on a real cluster.
 */
public final class FlinkJobModel {

  /** Flink's backpressure levels: ratio up to 0.1 is ok, up to 0.5 low, above high. */
  static final double LOW = 0.10;

  static final double HIGH = 0.50;

  private final String id;
  private final String name;
  private final long startMs;
  private final List<VertexModel> vertices = new ArrayList<>();
  private final List<String> shipStrategies = new ArrayList<>();
  private final long checkpointIntervalMs;
  private final long checkpointTimeoutMs;
  private @Nullable SourceFeed feed;
  private double offeredWithoutFeed;

  private @Nullable Long failedAtMs;
  private @Nullable String finalState;
  private @Nullable FlinkFailure failure;
  private @Nullable Long loopFromMs;
  private long loopPeriodMs;
  private @Nullable Long checkpointsFailFromMs;
  private @Nullable String stuckVertex;

  FlinkJobModel(String name, long startMs, long checkpointIntervalMs, long checkpointTimeoutMs) {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("a Flink job needs a name");
    }
    this.id = hexId(name);
    this.name = name;
    this.startMs = startMs;
    this.checkpointIntervalMs = checkpointIntervalMs;
    this.checkpointTimeoutMs = checkpointTimeoutMs;
  }

  public VertexModel addVertex(String vertexName, int parallelism, double capacity, boolean keyed) {
    if (vertex(vertexName).isPresent()) {
      throw new IllegalArgumentException(
          "job '" + name + "': two vertices are named '" + vertexName + "'");
    }
    VertexModel v =
        new VertexModel(hexId(name + "/" + vertexName), vertexName, parallelism, capacity);
    shipStrategies.add(
        vertices.isEmpty()
            ? null
            : keyed
                ? "HASH"
                : vertices.get(vertices.size() - 1).parallelism() == parallelism
                    ? "FORWARD"
                    : "REBALANCE");
    vertices.add(v);
    return v;
  }

  public void feed(SourceFeed source) {
    this.feed = source;
  }

  public void offerRate(double recordsPerSecond) {
    this.offeredWithoutFeed = recordsPerSecond;
  }

  // ---- faults ----

  public void slowDown(String vertexName, long atMs, double factor) {
    require(vertexName).slowDown(atMs, factor);
  }

  public void hotKey(String vertexName, long atMs, double share) {
    require(vertexName).skew(atMs, share);
  }

  public void restartLoop(long atMs, Long periodMs, FlinkFailure cause) {
    this.loopFromMs = atMs;
    this.loopPeriodMs = periodMs == null ? 20_000 : periodMs;
    this.failure = cause;
  }

  public void fail(long atMs, String state, FlinkFailure cause) {
    this.failedAtMs = atMs;
    this.finalState = state;
    this.failure = cause;
  }

  public void checkpointsExpire(long atMs, @Nullable String vertexName) {
    this.checkpointsFailFromMs = atMs;
    this.stuckVertex =
        vertexName == null ? vertices.get(vertices.size() - 1).id() : require(vertexName).id();
  }

  // ---- state at an instant ----

  public String id() {
    return id;
  }

  public String name() {
    return name;
  }

  long startMs() {
    return startMs;
  }

  List<VertexModel> vertices() {
    return vertices;
  }

  @Nullable String shipStrategy(int index) {
    return shipStrategies.get(index);
  }

  @Nullable SourceFeed feed() {
    return feed;
  }

  String state(long ms) {
    if (failedAtMs != null && ms >= failedAtMs) {
      return finalState;
    }
    return "RUNNING";
  }

  @Nullable Long endMs(long ms) {
    return failedAtMs != null && ms >= failedAtMs ? failedAtMs : null;
  }

  boolean processing(long ms) {
    return state(ms).equals("RUNNING") && (loopFromMs == null || ms < loopFromMs);
  }

  double offered(long ms) {
    return feed == null ? offeredWithoutFeed : feed.written(ms);
  }

  /** Records per second the job passes at {@code ms}. */
  public double throughput(long ms) {
    if (!processing(ms)) {
      return 0;
    }
    double t = offered(ms);
    for (VertexModel v : vertices) {
      t = Math.min(t, v.maxThroughput(ms));
    }
    return t;
  }

  /** The instants the job's throughput may change at. */
  public List<Long> changes() {
    TreeSet<Long> all = new TreeSet<>();
    vertices.forEach(v -> v.changes().forEach(all::add));
    if (failedAtMs != null) {
      all.add(failedAtMs);
    }
    if (loopFromMs != null) {
      all.add(loopFromMs);
    }
    return new ArrayList<>(all);
  }

  /** The index of the vertex that limits the job at {@code ms}, or -1 when its input does. */
  int bottleneck(long ms) {
    if (!processing(ms)) {
      return -1;
    }
    double t = throughput(ms);
    if (t >= offered(ms)) {
      return -1;
    }
    for (int i = vertices.size() - 1; i >= 0; i--) {
      if (vertices.get(i).maxThroughput(ms) <= t * (1 + 1e-9)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * Per subtask of vertex {@code index}: {busy, backpressured, idle} ms per second, and records/s.
   */
  double[][] loads(int index, long ms) {
    VertexModel v = vertices.get(index);
    double t = throughput(ms);
    int limit = bottleneck(ms);
    double[] shares = v.shares(ms);
    double[][] out = new double[v.parallelism()][];
    for (int i = 0; i < v.parallelism(); i++) {
      double records = t * shares[i];
      double busy = Math.min(1000, 1000 * records / v.capacity(ms));
      double backpressured = 0;
      if (limit >= 0 && index < limit) {
        backpressured = 1000 - busy;
      }
      double idle = Math.max(0, 1000 - busy - backpressured);
      out[i] = new double[] {round(busy), round(backpressured), round(idle), records};
    }
    return out;
  }

  // ---- restarts ----

  /** Failure instants up to {@code ms}, oldest first. */
  List<Long> failures(long ms) {
    List<Long> at = new ArrayList<>();
    if (loopFromMs != null) {
      for (long t = loopFromMs; t <= ms; t += loopPeriodMs) {
        at.add(t);
      }
    }
    if (failedAtMs != null && ms >= failedAtMs) {
      at.add(failedAtMs);
    }
    return at;
  }

  int restarts(long ms) {
    return loopFromMs == null ? 0 : failures(ms).size() - (failedAtMs != null ? 1 : 0);
  }

  long lastRestartMs(long ms) {
    List<Long> f = failures(ms);
    return loopFromMs == null || f.isEmpty() ? 0 : f.get(f.size() - 1) + 500;
  }

  @Nullable FlinkFailure failure() {
    return failure;
  }

  // ---- checkpoints ----

  long checkpointIntervalMs() {
    return checkpointIntervalMs;
  }

  long checkpointTimeoutMs() {
    return checkpointTimeoutMs;
  }

  /** Whether checkpoint triggered at {@code triggerMs} expires. */
  boolean checkpointFails(long triggerMs) {
    return checkpointsFailFromMs != null && triggerMs >= checkpointsFailFromMs;
  }

  @Nullable String stuckVertex() {
    return stuckVertex;
  }

  private VertexModel require(String vertexName) {
    return vertex(vertexName)
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "job '"
                        + name
                        + "' has no vertex '"
                        + vertexName
                        + "' (vertices: "
                        + String.join(", ", vertices.stream().map(VertexModel::name).toList())
                        + ")"));
  }

  Optional<VertexModel> vertex(String vertexName) {
    return vertices.stream().filter(v -> v.name().equals(vertexName)).findFirst();
  }

  private static double round(double v) {
    return Math.round(v * 10) / 10.0;
  }

  /** A 32-hex id derived from {@code text}, as stable as Flink's ids for an unchanged job graph. */
  static String hexId(String text) {
    try {
      byte[] d = MessageDigest.getInstance("MD5").digest(text.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(d);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("MD5 is part of every JDK", e);
    }
  }
}
