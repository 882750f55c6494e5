package dev.lakeops.runbooks.action;

import dev.lakeops.table.Table;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.meta.Tag;
import dev.lakeops.table.system.TableMetadata;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The point a rollback returns to: exactly one of the arguments {@code snapshot} (an id) and {@code
 * tag} (a name).
 */
record RollbackTarget(@Nullable Long snapshotId, @Nullable String tag) {

  static RollbackTarget parse(ActionArgs args) {
    Optional<Long> id = args.findLong("snapshot");
    Optional<String> tag = args.find("tag");
    if (id.isPresent() == tag.isPresent()) {
      throw args.invalid(
          id.isPresent() ? "tag" : "snapshot", "give exactly one of snapshot=ID and tag=NAME");
    }
    if (id.isPresent() && id.get() < 1) {
      throw args.invalid("snapshot", id.get() + " (expected a positive snapshot id)");
    }
    return new RollbackTarget(id.orElse(null), tag.orElse(null));
  }

  /**
   * The snapshot this target names: a live snapshot, or the one a tag holds.
   *
   * @throws ActionRefusedException no such snapshot or tag
   */
  Snapshot resolve(Table table) {
    TableMetadata meta = new TableMetadata(table);
    if (tag != null) {
      Tag t = meta.tags().get(tag);
      if (t == null) {
        throw new ActionRefusedException(
            "Tag '"
                + tag
                + "' does not exist in "
                + table.paths().root()
                + " (tags: "
                + (meta.tags().isEmpty() ? "none" : String.join(", ", meta.tags().keySet()))
                + ")");
      }
      return t.snapshot();
    }
    Optional<Snapshot> live = table.snapshotStore().findSnapshot(snapshotId);
    if (live.isPresent()) {
      return live.get();
    }
    return meta.tags().values().stream()
        .map(Tag::snapshot)
        .filter(s -> s.id() == snapshotId)
        .findFirst()
        .orElseThrow(
            () ->
                new ActionRefusedException(
                    "Snapshot "
                        + snapshotId
                        + " of "
                        + table.paths().root()
                        + " does not exist and no tag holds it"));
  }

  @Override
  public String toString() {
    return tag != null ? "tag " + tag : "snapshot " + snapshotId;
  }
}
