package dev.lakeops.runbooks.action;

import java.util.Arrays;
import java.util.Optional;

/**
 * Every action lakeops can run, by the name runbooks and proposals use, with its risk tier. An
 * action that writes runs only through an approved proposal.
 */
public enum ActionKind {
  TABLE_CREATE_TAG("table.create_tag", RiskTier.REVERSIBLE),
  TABLE_ROLLBACK_TO("table.rollback_to", RiskTier.DESTRUCTIVE),
  TABLE_ROLLBACK_TO_AS_LATEST("table.rollback_to_as_latest", RiskTier.REVERSIBLE),
  TABLE_EXPIRE_SNAPSHOTS("table.expire_snapshots", RiskTier.DESTRUCTIVE),
  TABLE_COMPACT("table.compact", RiskTier.REVERSIBLE),
  TABLE_REMOVE_ORPHAN_FILES("table.remove_orphan_files", RiskTier.DESTRUCTIVE),
  KAFKA_RESET_OFFSETS("kafka.reset_offsets", RiskTier.DESTRUCTIVE),
  FLINK_STOP_WITH_SAVEPOINT("flink.stop_with_savepoint", RiskTier.REVERSIBLE),
  FLINK_CANCEL("flink.cancel", RiskTier.DESTRUCTIVE),
  FLINK_RESCALE("flink.rescale", RiskTier.REVERSIBLE),
  CDC_RESTART_CONNECTOR("cdc.restart_connector", RiskTier.REVERSIBLE),
  CDC_RESUME_AFTER_DAMAGE("cdc.resume_after_damage", RiskTier.DESTRUCTIVE);

  private final String actionName;
  private final RiskTier tier;

  ActionKind(String actionName, RiskTier tier) {
    this.actionName = actionName;
    this.tier = tier;
  }

  /** The name used in runbook files, proposals, the CLI and the audit log. */
  public String actionName() {
    return actionName;
  }

  public RiskTier tier() {
    return tier;
  }

  /** The action with this name, if there is one. */
  public static Optional<ActionKind> byName(String name) {
    return Arrays.stream(values()).filter(k -> k.actionName.equals(name)).findFirst();
  }
}
