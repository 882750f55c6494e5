package dev.lakeops.runbooks.action;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.flink.FlinkRestClient;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * What the Flink actions share: the job their {@code cluster} and {@code job} arguments name, its
 * fingerprint (job id and state) and bounded polling of its state.
 */
final class FlinkJobControl {

  static final Set<String> TERMINAL = Set.of("FINISHED", "CANCELED", "FAILED");
  private static final Duration POLL = Duration.ofMillis(200);

  final FlinkRestClient rest;
  final String jobId;

  FlinkJobControl(ActionArgs args, ActionTargets targets) {
    this.jobId = args.require("job");
    if (!jobId.matches("[0-9a-f]{32}")) {
      throw args.invalid("job", "'" + jobId + "' (expected a 32-digit hexadecimal job id)");
    }
    try {
      this.rest = targets.flink(args.require("cluster"));
    } catch (ActionArgumentException e) {
      throw e;
    } catch (IllegalArgumentException e) {
      throw args.invalid("cluster", e.getMessage());
    }
  }

  String jobPath() {
    return "/v1/jobs/" + jobId;
  }

  /** The job's state, e.g. RUNNING. */
  String state() {
    try {
      return rest.get(jobPath()).path("state").asText("UNKNOWN");
    } catch (ProbeException e) {
      if (e.code() == ProbeException.Code.NOT_FOUND) {
        return "NOT_FOUND";
      }
      throw e;
    }
  }

  String name() {
    return rest.get(jobPath()).path("name").asText("");
  }

  /** The id of the latest completed checkpoint, or {@code none}. */
  String lastCheckpoint() {
    try {
      JsonNode completed = rest.get(jobPath() + "/checkpoints").path("latest").path("completed");
      return completed.isMissingNode() || completed.isNull()
          ? "none"
          : completed.path("id").asText("none");
    } catch (ProbeException e) {
      if (e.code() == ProbeException.Code.NOT_FOUND) {
        return "none";
      }
      throw e;
    }
  }

  /**
   * Job id and state. The last checkpoint is left out on purpose: a running job completes one every
   * few seconds, so a fingerprint holding it would be stale before anyone could approve; the
   * previews name it instead.
   */
  Fingerprint fingerprint() {
    Map<String, String> values = new LinkedHashMap<>();
    values.put("job id", jobId);
    values.put("job state", state());
    return Fingerprint.of(values);
  }

  /** Refuses unless the job runs. */
  void requireRunning(String what) {
    String state = state();
    if (!state.equals("RUNNING")) {
      throw new ActionRefusedException(
          "Cannot "
              + what
              + " job "
              + jobId
              + " at "
              + rest.baseUrl()
              + ": it is "
              + state
              + " (expected RUNNING)");
    }
  }

  /** Polls {@code probe} until it holds or {@code limit} passes; the last value seen. */
  static <T> T await(java.util.function.Supplier<T> probe, Predicate<T> done, Duration limit) {
    long deadline = System.nanoTime() + limit.toNanos();
    T value = probe.get();
    while (!done.test(value) && System.nanoTime() < deadline) {
      try {
        Thread.sleep(POLL.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return value;
      }
      value = probe.get();
    }
    return value;
  }
}
