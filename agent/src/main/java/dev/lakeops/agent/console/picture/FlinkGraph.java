package dev.lakeops.agent.console.picture;

import static dev.lakeops.agent.console.picture.PictureEvidence.fields;
import static dev.lakeops.agent.console.picture.PictureEvidence.number;
import static dev.lakeops.agent.console.picture.PictureEvidence.whole;

import dev.lakeops.tools.Finding;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * A Flink job graph as the backpressure analyzer lists it in a finding's evidence: {@code
 * graph.vertices} (how many the job has), {@code graph.vertex[i]} ({@code in=0,1 p=2 busy=995
 * backPressured=0 idle=5 name=...}, in topological order) and {@code graph.bottleneck} (an index).
 *
 * @param job the job's name
 * @param total how many vertices the job has (more than {@code vertices} when the list was cut)
 * @param vertices the vertices listed, at most the bound asked for
 * @param bottleneck the bottleneck vertex, also when it is not among {@code vertices}
 */
record FlinkGraph(String job, int total, List<Vertex> vertices, @Nullable Vertex bottleneck) {

  /**
   * One vertex; loads in ms per second (busy and backpressured the maximum over subtasks, idle the
   * average), NaN when Flink did not report them.
   */
  record Vertex(
      int index,
      String name,
      List<Integer> inputs,
      int parallelism,
      double busy,
      double backPressured,
      double idle) {}

  /** The graph in {@code f}'s evidence, its first {@code max} vertices. */
  static FlinkGraph read(Finding f, int max) {
    Map<String, String> e = f.evidence();
    int total = (int) Math.max(0, whole(e.get("graph.vertices"), 0));
    List<Vertex> vertices = new ArrayList<>();
    for (int i = 0; i < Math.min(total, max); i++) {
      String line = e.get("graph.vertex[" + i + "]");
      if (line == null) {
        break;
      }
      Map<String, String> v = fields(line, "name");
      List<Integer> inputs = new ArrayList<>();
      for (String in : v.getOrDefault("in", "").split(",")) {
        long n = whole(in, -1);
        if (n >= 0 && n < i) {
          inputs.add((int) n);
        }
      }
      vertices.add(
          new Vertex(
              i,
              v.getOrDefault("name", "?"),
              inputs,
              (int) whole(v.get("p"), 0),
              number(v.get("busy")),
              number(v.get("backPressured")),
              number(v.get("idle"))));
    }
    Vertex bottleneck = null;
    long b = whole(e.get("graph.bottleneck"), -1);
    if (b >= 0 && b < vertices.size()) {
      bottleneck = vertices.get((int) b);
    } else if (b >= 0) {
      bottleneck =
          new Vertex(
              (int) b,
              e.getOrDefault("vertex", "?"),
              List.of(),
              (int) whole(e.get("parallelism"), 0),
              number(e.get("busyMsPerSecond.max")),
              number(e.get("backPressuredMsPerSecond.max")),
              number(e.get("idleMsPerSecond.avg")));
    }
    return new FlinkGraph(e.getOrDefault("job", "?"), total, vertices, bottleneck);
  }

  /** Busy ms/s per subtask of the finding's vertex ({@code subtask[i]}), by subtask number. */
  static List<Double> subtaskBusy(Finding f) {
    TreeMap<Integer, Double> bySubtask = new TreeMap<>();
    for (Map.Entry<String, String> x : f.evidence().entrySet()) {
      String k = x.getKey();
      if (k.startsWith("subtask[") && k.endsWith("]")) {
        long n = whole(k.substring(8, k.length() - 1), -1);
        double busy = number(fields(x.getValue(), null).get("busy"));
        if (n >= 0 && n < 100_000) {
          bySubtask.put((int) n, Double.isNaN(busy) ? 0 : busy);
        }
      }
    }
    List<Double> out = new ArrayList<>();
    if (!bySubtask.isEmpty()) {
      for (int i = 0; i <= bySubtask.lastKey(); i++) {
        out.add(bySubtask.getOrDefault(i, 0.0));
      }
    }
    return out;
  }

  /** Per listed vertex, the longest path to it from a source (sources are 0). */
  int[] depths() {
    int[] depth = new int[vertices.size()];
    for (Vertex v : vertices) {
      int d = 0;
      for (int in : v.inputs()) {
        d = Math.max(d, depth[in] + 1);
      }
      depth[v.index()] = d;
    }
    return depth;
  }

  /** Edges between listed vertices. */
  int edges() {
    return vertices.stream().mapToInt(v -> v.inputs().size()).sum();
  }
}
