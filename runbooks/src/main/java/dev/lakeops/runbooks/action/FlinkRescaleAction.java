package dev.lakeops.runbooks.action;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.lakeops.tools.Json;
import dev.lakeops.tools.ProbeException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code flink.rescale}: sets the parallelism of one vertex of a running job in place, through the
 * adaptive scheduler's resource requirements ({@code PUT /jobs/:jobid/resource-requirements}, Flink
 * 1.18 and later). Flink then restarts the job at the new parallelism from its latest checkpoint;
 * nothing is resubmitted, and the job keeps its id. Arguments: {@code cluster} (REST URL or
 * profile), {@code job}, {@code vertex} (the vertex id), {@code parallelism}.
 *
 * <p>A job under Flink's default scheduler has no resource requirements to set; the action is
 * refused and says so (rescaling such a job means a savepoint and a resubmission at the new
 * parallelism). The parallelism can go back the same way, hence the reversible tier.
 */
final class FlinkRescaleAction implements Action {

  static final Set<String> ARGS = Set.of("cluster", "job", "vertex", "parallelism");
  private static final Duration WAIT = Duration.ofSeconds(120);

  private final FlinkJobControl job;
  private final String vertexId;
  private final int parallelism;

  FlinkRescaleAction(ActionArgs args, ActionTargets targets) {
    args.allowOnly(ARGS);
    this.job = new FlinkJobControl(args, targets);
    this.vertexId = args.require("vertex");
    if (!vertexId.matches("[0-9a-f]{32}")) {
      throw args.invalid(
          "vertex", "'" + vertexId + "' (expected a 32-digit hexadecimal vertex id)");
    }
    this.parallelism =
        args.findPositiveInt("parallelism")
            .orElseThrow(() -> args.invalid("parallelism", "missing"));
  }

  /** A vertex as the job's details show it. */
  private record Vertex(String name, int parallelism, int maxParallelism, String status) {}

  private Vertex vertex() {
    JsonNode details = job.rest.get(job.jobPath());
    List<String> names = new ArrayList<>();
    for (JsonNode v : details.path("vertices")) {
      if (v.path("id").asText().equals(vertexId)) {
        return new Vertex(
            v.path("name").asText(vertexId),
            v.path("parallelism").asInt(-1),
            v.path("maxParallelism").asInt(-1),
            v.path("status").asText("UNKNOWN"));
      }
      names.add(v.path("id").asText() + " (" + v.path("name").asText() + ")");
    }
    throw new ActionRefusedException(
        "Job "
            + job.jobId
            + " at "
            + job.rest.baseUrl()
            + " has no vertex "
            + vertexId
            + "; its vertices: "
            + String.join(", ", names));
  }

  /** The job's resource requirements; refused where its scheduler has none. */
  private JsonNode requirements() {
    String path = job.jobPath() + "/resource-requirements";
    JsonNode body;
    try {
      body = job.rest.get(path);
    } catch (ProbeException e) {
      if (e.code() != ProbeException.Code.BAD_RESPONSE
          && e.code() != ProbeException.Code.NOT_FOUND) {
        throw e;
      }
      throw notAdaptive(e.getMessage());
    }
    if (!body.isObject() || !body.has(vertexId)) {
      throw notAdaptive("GET " + path + " lists no requirement for vertex " + vertexId);
    }
    return body;
  }

  private ActionRefusedException notAdaptive(String why) {
    return new ActionRefusedException(
        "Cannot rescale job "
            + job.jobId
            + " at "
            + job.rest.baseUrl()
            + " in place: its scheduler takes no resource requirements ("
            + why
            + "). Rescaling in place needs jobmanager.scheduler: adaptive; otherwise stop the job"
            + " with a savepoint and resubmit it with the new parallelism");
  }

  /** Refuses what cannot be done; the vertex as it is now. */
  private Vertex check() {
    job.requireRunning("rescale");
    Vertex v = vertex();
    if (v.maxParallelism() > 0 && parallelism > v.maxParallelism()) {
      throw new ActionRefusedException(
          "Cannot rescale vertex '"
              + v.name()
              + "' of job "
              + job.jobId
              + " to "
              + parallelism
              + ": its maximum parallelism is "
              + v.maxParallelism()
              + " (set when the job was first submitted; keyed state is split into that many key"
              + " groups)");
    }
    if (v.parallelism() == parallelism) {
      throw new ActionRefusedException(
          "Vertex '"
              + v.name()
              + "' of job "
              + job.jobId
              + " already runs "
              + parallelism
              + " subtasks");
    }
    requirements();
    return v;
  }

  @Override
  public ActionKind kind() {
    return ActionKind.FLINK_RESCALE;
  }

  @Override
  public Fingerprint fingerprint() {
    Map<String, String> values = new LinkedHashMap<>(job.fingerprint().values());
    Vertex v = vertex();
    values.put("vertex", vertexId + " (" + v.name() + ")");
    values.put("vertex parallelism", Integer.toString(v.parallelism()));
    return Fingerprint.of(values);
  }

  @Override
  public Preview preview() {
    Vertex v = check();
    return new Preview(
        "rescale vertex '"
            + v.name()
            + "' of job "
            + job.jobId
            + " ("
            + job.name()
            + ") at "
            + job.rest.baseUrl()
            + " from "
            + v.parallelism()
            + " to "
            + parallelism
            + " subtasks in place: the adaptive scheduler restarts the job at the new parallelism"
            + " from its latest checkpoint (last checkpoint "
            + job.lastCheckpoint()
            + "), replaying what came after it",
        Map.of(
            "vertices rescaled", List.of(v.name() + ": " + v.parallelism() + " → " + parallelism)),
        Map.of("subtasks added", (long) parallelism - v.parallelism()));
  }

  @Override
  public ActionOutcome execute(ExecutionContext context) {
    Vertex before = check();
    JsonNode current = requirements();
    ObjectNode wanted = Json.mapper().createObjectNode();
    current
        .fields()
        .forEachRemaining(
            e -> {
              ObjectNode bounds = e.getValue().deepCopy();
              if (e.getKey().equals(vertexId)) {
                ObjectNode p = bounds.withObjectProperty("parallelism");
                p.put("lowerBound", Math.min(p.path("lowerBound").asInt(1), parallelism));
                p.put("upperBound", parallelism);
              }
              wanted.set(e.getKey(), bounds);
            });
    job.rest.put(job.jobPath() + "/resource-requirements", wanted);
    Vertex after =
        FlinkJobControl.await(
            this::vertex,
            v -> v.parallelism() == parallelism && v.status().equals("RUNNING"),
            WAIT);
    String state = job.state();
    if (after.parallelism() != parallelism || !after.status().equals("RUNNING")) {
      throw new IllegalStateException(
          "Vertex '"
              + before.name()
              + "' of job "
              + job.jobId
              + " did not run "
              + parallelism
              + " subtasks within "
              + WAIT.toSeconds()
              + " s (it has "
              + after.parallelism()
              + ", "
              + after.status()
              + "; job "
              + state
              + "); the requirement is set, and Flink rescales once it has the slots");
    }
    return new ActionOutcome(
        "rescaled vertex '"
            + before.name()
            + "' of job "
            + job.jobId
            + " from "
            + before.parallelism()
            + " to "
            + parallelism
            + " subtasks: job "
            + state,
        Map.of(
            "vertices rescaled",
            List.of(before.name() + ": " + before.parallelism() + " → " + parallelism)),
        Map.of("subtasks added", (long) parallelism - before.parallelism()));
  }

  @Override
  public Verification verify(ActionOutcome outcome) {
    List<Verification.Check> checks = new ArrayList<>();
    String state = job.state();
    checks.add(
        new Verification.Check(
            state.equals("RUNNING"), "job " + job.jobId + " is RUNNING (found " + state + ")"));
    Vertex v = vertex();
    checks.add(
        new Verification.Check(
            v.parallelism() == parallelism && v.status().equals("RUNNING"),
            "vertex '"
                + v.name()
                + "' runs "
                + parallelism
                + " subtasks (found "
                + v.parallelism()
                + ", "
                + v.status()
                + ")"));
    int upper = requirements().path(vertexId).path("parallelism").path("upperBound").asInt(-1);
    checks.add(
        new Verification.Check(
            upper == parallelism,
            "the job's requirement for the vertex is at most "
                + parallelism
                + " subtasks (found "
                + upper
                + ")"));
    return Verification.of(checks);
  }
}
