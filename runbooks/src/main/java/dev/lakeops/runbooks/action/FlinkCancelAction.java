package dev.lakeops.runbooks.action;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code flink.cancel}: cancels a running job without a savepoint ({@code PATCH
 * /jobs/:jobid?mode=cancel}); state since its last checkpoint is lost. Arguments: {@code cluster}
 * (REST URL or profile), {@code job}.
 */
final class FlinkCancelAction implements Action {

  static final Set<String> ARGS = Set.of("cluster", "job");
  private static final Duration WAIT = Duration.ofSeconds(60);

  private final FlinkJobControl job;

  FlinkCancelAction(ActionArgs args, ActionTargets targets) {
    args.allowOnly(ARGS);
    this.job = new FlinkJobControl(args, targets);
  }

  @Override
  public ActionKind kind() {
    return ActionKind.FLINK_CANCEL;
  }

  @Override
  public Fingerprint fingerprint() {
    return job.fingerprint();
  }

  @Override
  public Preview preview() {
    job.requireRunning("cancel");
    String checkpoint = job.lastCheckpoint();
    return new Preview(
        "cancel job "
            + job.jobId
            + " ("
            + job.name()
            + ") at "
            + job.rest.baseUrl()
            + " without a savepoint; a restart resumes from checkpoint "
            + checkpoint
            + " at best",
        Map.of("jobs stopped", List.of(job.jobId + ": RUNNING → CANCELED")),
        Map.of());
  }

  @Override
  public ActionOutcome execute(ExecutionContext context) {
    job.requireRunning("cancel");
    job.rest.patch(job.jobPath() + "?mode=cancel");
    String state = FlinkJobControl.await(job::state, FlinkJobControl.TERMINAL::contains, WAIT);
    return new ActionOutcome(
        "cancelled job " + job.jobId + ": now " + state,
        Map.of("jobs stopped", List.of(job.jobId + ": RUNNING → " + state)),
        Map.of());
  }

  @Override
  public Verification verify(ActionOutcome outcome) {
    String state = job.state();
    return Verification.of(
        List.of(
            new Verification.Check(
                state.equals("CANCELED"),
                "job " + job.jobId + " is CANCELED (found " + state + ")")));
  }
}
