package dev.lakeops.runbooks.action;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.lakeops.tools.Json;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code flink.stop_with_savepoint}: takes a savepoint and stops the job ({@code POST
 * /jobs/:jobid/stop} with {@code targetDirectory} and {@code drain=false}), then polls the
 * savepoint trigger until it completes. The job can resume from the savepoint. Arguments: {@code
 * cluster} (REST URL or profile), {@code job}, {@code target-directory}.
 */
final class FlinkStopWithSavepointAction implements Action {

  static final Set<String> ARGS = Set.of("cluster", "job", "target-directory");
  private static final Duration WAIT = Duration.ofSeconds(120);

  private final FlinkJobControl job;
  private final String targetDirectory;

  FlinkStopWithSavepointAction(ActionArgs args, ActionTargets targets) {
    args.allowOnly(ARGS);
    this.job = new FlinkJobControl(args, targets);
    this.targetDirectory = args.require("target-directory");
    try {
      URI uri = URI.create(targetDirectory);
      if (uri.getScheme() == null && !targetDirectory.startsWith("/")) {
        throw args.invalid(
            "target-directory",
            "'"
                + targetDirectory
                + "' (expected an absolute path or a URI such as file:///savepoints)");
      }
    } catch (IllegalArgumentException e) {
      if (e instanceof ActionArgumentException a) {
        throw a;
      }
      throw args.invalid("target-directory", "'" + targetDirectory + "' (" + e.getMessage() + ")");
    }
  }

  @Override
  public ActionKind kind() {
    return ActionKind.FLINK_STOP_WITH_SAVEPOINT;
  }

  @Override
  public Fingerprint fingerprint() {
    return job.fingerprint();
  }

  @Override
  public Preview preview() {
    job.requireRunning("stop");
    return new Preview(
        "stop job "
            + job.jobId
            + " ("
            + job.name()
            + ") at "
            + job.rest.baseUrl()
            + " with a savepoint in "
            + targetDirectory
            + " (no drain: event time is not advanced to the end; last checkpoint "
            + job.lastCheckpoint()
            + ")",
        Map.of("jobs stopped", List.of(job.jobId + ": RUNNING → FINISHED")),
        Map.of());
  }

  @Override
  public ActionOutcome execute(ExecutionContext context) {
    job.requireRunning("stop");
    ObjectNode body =
        Json.mapper()
            .createObjectNode()
            .put("targetDirectory", targetDirectory)
            .put("drain", false);
    String trigger = job.rest.post(job.jobPath() + "/stop", body).path("request-id").asText("");
    if (trigger.isEmpty()) {
      throw new IllegalStateException(
          "Flink REST "
              + job.rest.baseUrl()
              + " answered POST "
              + job.jobPath()
              + "/stop without a request-id");
    }
    String statusPath = job.jobPath() + "/savepoints/" + trigger;
    JsonNode status =
        FlinkJobControl.await(
            () -> job.rest.get(statusPath),
            s -> "COMPLETED".equals(s.path("status").path("id").asText()),
            WAIT);
    JsonNode operation = status.path("operation");
    if (!"COMPLETED".equals(status.path("status").path("id").asText())) {
      throw new IllegalStateException(
          "The savepoint of job "
              + job.jobId
              + " did not complete within "
              + WAIT.toSeconds()
              + " s (trigger "
              + trigger
              + ", status "
              + status.path("status").path("id").asText()
              + ")");
    }
    if (operation.has("failure-cause")) {
      throw new IllegalStateException(
          "The savepoint of job "
              + job.jobId
              + " failed (trigger "
              + trigger
              + "): "
              + operation
                  .path("failure-cause")
                  .path("stack-trace")
                  .asText("")
                  .lines()
                  .findFirst()
                  .orElse("unknown cause"));
    }
    String location = operation.path("location").asText("");
    String state = FlinkJobControl.await(job::state, FlinkJobControl.TERMINAL::contains, WAIT);
    return new ActionOutcome(
        "stopped job " + job.jobId + " with savepoint " + location + ": now " + state,
        Map.of(
            "jobs stopped",
            List.of(job.jobId + ": RUNNING → " + state),
            "savepoints",
            List.of(location)),
        Map.of());
  }

  @Override
  public Verification verify(ActionOutcome outcome) {
    List<Verification.Check> checks = new ArrayList<>();
    String state = job.state();
    checks.add(
        new Verification.Check(
            state.equals("FINISHED"), "job " + job.jobId + " is FINISHED (found " + state + ")"));
    for (String location : outcome.items("savepoints")) {
      Path local =
          location.startsWith("file:")
              ? Path.of(URI.create(location))
              : location.startsWith("/") ? Path.of(location) : null;
      if (local != null) {
        checks.add(
            new Verification.Check(Files.isDirectory(local), "savepoint " + location + " exists"));
      } else {
        checks.add(
            new Verification.Check(
                !location.isEmpty(), "Flink reported savepoint location " + location));
      }
    }
    return Verification.of(checks);
  }
}
