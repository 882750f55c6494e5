package dev.lakeops.eval.world.flink;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * One vertex of a modelled Flink job: how many records per second one subtask can process, and how
 * its input is spread over its subtasks (evenly, unless a hot key sends most of it to one); both
 * can change at an instant, as a fault does.
 */
public final class VertexModel {

  private final String id;
  private final String name;
  private final int parallelism;
  private final TreeMap<Long, Double> capacity = new TreeMap<>();
  private final TreeMap<Long, double[]> shares = new TreeMap<>();

  VertexModel(String id, String name, int parallelism, double capacityPerSubtask) {
    if (parallelism < 1) {
      throw new IllegalArgumentException(
          "vertex '" + name + "': parallelism must be at least 1, was " + parallelism);
    }
    if (!(capacityPerSubtask > 0)) {
      throw new IllegalArgumentException(
          "vertex '" + name + "': capacity must be above 0 records/s, was " + capacityPerSubtask);
    }
    this.id = id;
    this.name = name;
    this.parallelism = parallelism;
    capacity.put(Long.MIN_VALUE, capacityPerSubtask);
    double[] even = new double[parallelism];
    Arrays.fill(even, 1.0 / parallelism);
    shares.put(Long.MIN_VALUE, even);
  }

  /** From {@code atMs}, each subtask handles {@code factor} times what it did. */
  void slowDown(long atMs, double factor) {
    if (!(factor > 0)) {
      throw new IllegalArgumentException(
          "vertex '" + name + "': a slow-down factor must be above 0, was " + factor);
    }
    capacity.put(atMs, capacity.floorEntry(atMs).getValue() * factor);
  }

  /**
   * From {@code atMs}, one subtask takes {@code share} of the input, the others the rest evenly.
   */
  void skew(long atMs, double share) {
    if (!(share > 0 && share < 1) || parallelism < 2) {
      throw new IllegalArgumentException(
          "vertex '"
              + name
              + "': a hot key needs parallelism of at least 2 and a share between 0 and 1, was "
              + share);
    }
    double[] s = new double[parallelism];
    s[0] = share;
    for (int i = 1; i < parallelism; i++) {
      s[i] = (1 - share) / (parallelism - 1);
    }
    shares.put(atMs, s);
  }

  /** Records per second the vertex passes at most at {@code ms}: its hottest subtask saturates. */
  double maxThroughput(long ms) {
    return capacity(ms) / Arrays.stream(shares(ms)).max().orElse(1.0);
  }

  double capacity(long ms) {
    return capacity.floorEntry(ms).getValue();
  }

  double[] shares(long ms) {
    return shares.floorEntry(ms).getValue();
  }

  /** The instants the vertex changes at. */
  Iterable<Long> changes() {
    TreeMap<Long, Boolean> all = new TreeMap<>();
    for (Map.Entry<Long, Double> e : capacity.entrySet()) {
      all.put(e.getKey(), true);
    }
    for (Map.Entry<Long, double[]> e : shares.entrySet()) {
      all.put(e.getKey(), true);
    }
    all.remove(Long.MIN_VALUE);
    return all.keySet();
  }

  public String id() {
    return id;
  }

  public String name() {
    return name;
  }

  public int parallelism() {
    return parallelism;
  }
}
