package dev.lakeops.runbooks.action;

import static java.util.Objects.requireNonNull;

import java.time.Instant;

/** Binds an {@link ActionKind} and its arguments to an {@link Action} against live targets. */
public final class Actions {

  private final ActionTargets targets;

  public Actions(ActionTargets targets) {
    this.targets = requireNonNull(targets, "targets");
  }

  /**
   * The action {@code args} describe, with time-relative arguments anchored at {@code asOf} (the
   * proposal's creation time, both when proposing and when executing).
   *
   * @throws ActionArgumentException an argument is missing, unknown or malformed (named in the
   *     message)
   * @throws UnsupportedOperationException the action has no implementation ({@link RiskTier#READ}
   *     kinds)
   */
  public Action create(ActionArgs args, Instant asOf) {
    return switch (args.action()) {
      case TABLE_CREATE_TAG -> new CreateTagAction(args, targets, asOf);
      case TABLE_ROLLBACK_TO -> new RollbackToAction(args, targets, asOf);
      case TABLE_ROLLBACK_TO_AS_LATEST -> new RollbackToAsLatestAction(args, targets, asOf);
      case TABLE_EXPIRE_SNAPSHOTS -> new ExpireSnapshotsAction(args, targets, asOf);
      case TABLE_COMPACT -> new CompactAction(args, targets, asOf);
      case TABLE_REMOVE_ORPHAN_FILES -> new RemoveOrphanFilesAction(args, targets, asOf);
      case KAFKA_RESET_OFFSETS -> new ResetOffsetsAction(args, targets);
      case FLINK_STOP_WITH_SAVEPOINT -> new FlinkStopWithSavepointAction(args, targets);
      case FLINK_CANCEL -> new FlinkCancelAction(args, targets);
      case FLINK_RESCALE -> new FlinkRescaleAction(args, targets);
      case CDC_RESTART_CONNECTOR -> new RestartConnectorAction(args, targets);
      case CDC_RESUME_AFTER_DAMAGE -> new ResumeAfterDamageAction(args, targets);
      default ->
          throw new UnsupportedOperationException(
              "Action " + args.action().actionName() + " has no implementation");
    };
  }
}
