package dev.lakeops.runbooks.action;

import dev.lakeops.table.Table;
import dev.lakeops.table.maintenance.TableMaintenance;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.meta.Tag;
import dev.lakeops.table.system.TableMetadata;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.stream.Collectors;

/**
 * What every table action shares: the table its {@code table} (and optional {@code warehouse})
 * arguments name, the fingerprint (latest snapshot, tags, schema) and the undo tag.
 */
abstract class TableAction implements Action {

  /** Arguments every table action accepts. */
  static final Set<String> TARGET_ARGS = Set.of("warehouse", "table");

  /** Tags named so are undo points: lakeops never removes them on its own. */
  static final String UNDO_TAG_PREFIX = "lakeops-undo-";

  static final String LATEST = "latest snapshot";

  private final ActionKind kind;
  final Table table;

  /** The time the action's preview is anchored at (the proposal's creation). */
  final Instant asOf;

  TableAction(ActionKind kind, ActionArgs args, ActionTargets targets, Instant asOf) {
    this.kind = kind;
    this.asOf = asOf;
    try {
      this.table = targets.table(args.find("warehouse").orElse(null), args.require("table"));
    } catch (ActionArgumentException e) {
      throw e;
    } catch (IllegalArgumentException e) {
      throw args.invalid("table", e.getMessage());
    }
  }

  @Override
  public ActionKind kind() {
    return kind;
  }

  @Override
  public Fingerprint fingerprint() {
    TableMetadata meta = new TableMetadata(table);
    Map<String, String> values = new LinkedHashMap<>();
    values.put(LATEST, table.latestSnapshot().map(s -> Long.toString(s.id())).orElse("none"));
    values.put("tags", tagSet(meta.tags()));
    values.put("schema", Long.toString(table.refresh().schema().id()));
    return Fingerprint.of(values);
  }

  @Override
  public Optional<String> createUndoPoint(String proposalId) {
    Optional<Snapshot> latest = table.latestSnapshot();
    if (latest.isEmpty()) {
      return Optional.empty();
    }
    String name = UNDO_TAG_PREFIX + proposalId;
    maintenance().createTag(name, latest.get().id());
    return Optional.of(
        "tag " + name + " on snapshot " + latest.get().id() + " of " + table.paths().root());
  }

  static String tagSet(SortedMap<String, Tag> tags) {
    return tags.entrySet().stream()
        .map(e -> e.getKey() + "@" + e.getValue().snapshot().id())
        .collect(Collectors.joining(","));
  }

  TableMaintenance maintenance() {
    return new TableMaintenance(table.io(), table.paths());
  }

  /**
   * Maintenance whose clock stands at {@link #asOf}, so time-based retention matches the preview.
   */
  TableMaintenance maintenanceAsOf() {
    return new TableMaintenance(table.io(), table.paths(), Clock.fixed(asOf, ZoneOffset.UTC));
  }

  long requireLatest() {
    return table
        .latestSnapshot()
        .map(Snapshot::id)
        .orElseThrow(
            () ->
                new ActionRefusedException("Table " + table.paths().root() + " has no snapshots"));
  }

  String relative(java.nio.file.Path file) {
    return table.paths().root().relativize(file).toString();
  }
}
