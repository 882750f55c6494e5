package dev.lakeops.tools.flink;

import static dev.lakeops.tools.Checks.checkArgument;
import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * One vertex (task) of a job graph, with the vertices that feed it (from {@code
 * plan.nodes[].inputs}).
 *
 * @param maxParallelism the most subtasks it can be rescaled to (the job's key groups), or -1 where
 *     Flink did not say
 */
public record FlinkVertex(
    String id,
    String name,
    int parallelism,
    int maxParallelism,
    String status,
    List<String> inputIds) {

  public FlinkVertex {
    requireNonNull(id, "id");
    requireNonNull(name, "name");
    checkArgument(parallelism >= 0, "Invalid parallelism of vertex %s: %s", name, parallelism);
    requireNonNull(status, "status");
    inputIds = List.copyOf(inputIds);
  }

  /** A vertex whose maximum parallelism is not known. */
  public FlinkVertex(
      String id, String name, int parallelism, String status, List<String> inputIds) {
    this(id, name, parallelism, -1, status, inputIds);
  }

  /** Several operators chained into one task: per-operator backpressure is invisible. */
  public boolean isChain() {
    return name.contains(" -> ");
  }
}
