package dev.lakeops.eval.pipeline.scenario;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The jobs that {@link ScenarioCluster} can run, one per condition lakeops must recognise. The job
 * name is the scenario's id; each job's vertices are named in {@link ScenarioJobs}.
 */
public enum Scenario {
  /**
   * 80 % of the records carry one key: one subtask of {@code per-shop-total} is hot, its siblings
   * idle.
   */
  HOT_KEY("hot-key"),
  /** {@code score-orders} burns CPU on every record: all its subtasks are busy. */
  CPU_HEAVY("cpu-heavy"),
  /**
   * A slow operator behind a fast source, with a 1 s checkpoint timeout: barriers wait behind full
   * buffers.
   */
  CHECKPOINT_TIMEOUT("checkpoint-timeout"),
  /**
   * The {@code lake-committer} sink fails every few seconds with Paimon's commit-conflict message.
   */
  RESTART_LOOP("restart-loop"),
  /** A rate-limited source that every operator keeps up with: the control. */
  HEALTHY("healthy");

  private final String id;

  Scenario(String id) {
    this.id = id;
  }

  /** The scenario's id, which is also its job's name. */
  public String id() {
    return id;
  }

  /**
   * The scenario with this id.
   *
   * @throws IllegalArgumentException naming the id and the known ones
   */
  public static Scenario of(String id) {
    for (Scenario s : values()) {
      if (s.id.equals(id.strip().toLowerCase(Locale.ROOT))) {
        return s;
      }
    }
    throw new IllegalArgumentException(
        "Unknown scenario: '"
            + id
            + "' (known: "
            + Arrays.stream(values()).map(Scenario::id).collect(Collectors.joining(", "))
            + ")");
  }
}
