package dev.lakeops.runbooks.action;

import dev.lakeops.table.maintenance.TagReport;
import dev.lakeops.table.meta.Tag;
import dev.lakeops.table.system.TableMetadata;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** {@code table.create_tag}: tags a snapshot (the latest unless {@code snapshot} is given). */
final class CreateTagAction extends TableAction {

  static final Set<String> ARGS = Set.of("warehouse", "table", "tag", "snapshot", "time-retained");

  private final String tag;
  private final Long snapshot;
  private final Duration timeRetained;

  CreateTagAction(ActionArgs args, ActionTargets targets, Instant asOf) {
    super(ActionKind.TABLE_CREATE_TAG, args.allowOnly(ARGS), targets, asOf);
    this.tag = args.require("tag");
    if (!tag.matches("[A-Za-z0-9._-]+") || tag.startsWith(UNDO_TAG_PREFIX)) {
      throw args.invalid(
          "tag",
          "'"
              + tag
              + "' (letters, digits, '.', '_' and '-' only; the prefix "
              + UNDO_TAG_PREFIX
              + " is reserved)");
    }
    this.snapshot = args.findLong("snapshot").orElse(null);
    if (snapshot != null && snapshot < 1) {
      throw args.invalid("snapshot", snapshot + " (expected a positive snapshot id)");
    }
    this.timeRetained = args.findDuration("time-retained").orElse(null);
  }

  private long target() {
    return snapshot != null ? snapshot : requireLatest();
  }

  @Override
  public Preview preview() {
    Map<String, Tag> tags = new TableMetadata(table).tags();
    if (tags.containsKey(tag)) {
      throw new ActionRefusedException(
          "Tag '"
              + tag
              + "' already exists in "
              + table.paths().root()
              + " (on snapshot "
              + tags.get(tag).snapshot().id()
              + ")");
    }
    long id = target();
    if (table.snapshotStore().findSnapshot(id).isEmpty()) {
      throw new ActionRefusedException(
          "Snapshot " + id + " of " + table.paths().root() + " does not exist");
    }
    return new Preview(
        "create tag " + tag + " on snapshot " + id + " of " + table.name(),
        Map.of("tags created", List.of(tag + "@" + id)),
        Map.of());
  }

  @Override
  public ActionOutcome execute(ExecutionContext context) {
    long id = target();
    TagReport report =
        timeRetained == null
            ? maintenance().createTag(tag, id)
            : maintenance().createTag(tag, id, timeRetained);
    return new ActionOutcome(
        "created tag " + report.tagName() + " on snapshot " + report.snapshotId(),
        Map.of("tags created", List.of(report.tagName() + "@" + report.snapshotId())),
        Map.of());
  }

  @Override
  public Verification verify(ActionOutcome outcome) {
    Tag found = new TableMetadata(table).tags().get(tag);
    List<Verification.Check> checks = new ArrayList<>();
    checks.add(
        new Verification.Check(
            found != null && found.snapshot().id() == target(),
            "tag "
                + tag
                + " exists on snapshot "
                + target()
                + " (found "
                + (found == null ? "no tag" : "snapshot " + found.snapshot().id())
                + ")"));
    return Verification.of(checks);
  }
}
