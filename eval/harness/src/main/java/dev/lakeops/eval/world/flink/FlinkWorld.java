package dev.lakeops.eval.world.flink;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** A modelled Flink cluster: its version, its jobs and the world's clock. */
public final class FlinkWorld {

  private final String name;
  private String version;
  private final Clock clock;
  private final List<FlinkJobModel> jobs = new ArrayList<>();

  public FlinkWorld(String name, String version, Clock clock) {
    this.name = name;
    this.version = version;
    this.clock = clock;
  }

  /**
   * A new job, started at {@code startMs}, checkpointing every {@code intervalMs} with {@code
   * timeoutMs}.
   */
  public FlinkJobModel job(String jobName, long startMs, long intervalMs, long timeoutMs) {
    if (find(jobName).isPresent()) {
      throw new IllegalArgumentException("two Flink jobs are named '" + jobName + "'");
    }
    FlinkJobModel job = new FlinkJobModel(jobName, startMs, intervalMs, timeoutMs);
    jobs.add(job);
    return job;
  }

  public Optional<FlinkJobModel> find(String jobName) {
    return jobs.stream().filter(j -> j.name().equals(jobName)).findFirst();
  }

  public FlinkJobModel require(String jobName) {
    return find(jobName)
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "no Flink job '"
                        + jobName
                        + "' in the world (jobs: "
                        + String.join(", ", jobs.stream().map(FlinkJobModel::name).toList())
                        + ")"));
  }

  public List<FlinkJobModel> jobs() {
    return jobs;
  }

  public String name() {
    return name;
  }

  public void version(String value) {
    this.version = value;
  }

  String version() {
    return version;
  }

  long now() {
    return clock.millis();
  }
}
