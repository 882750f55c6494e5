package dev.lakeops.tools.change;

import dev.lakeops.table.Table;
import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.maintenance.Rollback;
import dev.lakeops.table.maintenance.Tags;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.meta.SnapshotHints;
import dev.lakeops.table.paths.TablePaths;
import dev.lakeops.table.schema.TableSchema;
import dev.lakeops.tools.change.TableChangeSnapshot.SchemaVersion;
import dev.lakeops.tools.change.TableChangeSnapshot.TableCommit;
import dev.lakeops.tools.change.TableChangeSnapshot.TagInfo;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * Reads what the change probe needs from a table through the engine: schema versions with their
 * times, the snapshots since a given instant (and back to the last streaming data commit before
 * it), the {@code EARLIEST} and {@code LATEST} hints with when they were written, and the tags with
 * when their files were written. Reads no manifest. Does no judging.
 */
public final class TableChangeProbe {

  /** Schema versions kept: the newest this many. */
  static final int MAX_SCHEMAS = 50;

  /** Snapshots read from the window's start on; beyond this many, the newest. */
  static final int MAX_IN_WINDOW = 5_000;

  /** Snapshots read before the window's start while looking for the last streaming data commit. */
  static final int MAX_BEFORE = 500;

  private final Clock clock;

  public TableChangeProbe(Clock clock) {
    this.clock = clock;
  }

  /**
   * @param name the table as asked for, carried into the snapshot
   * @param since the window's start: snapshots from here on are read, and the context before it
   */
  public TableChangeSnapshot capture(Table table, String name, Instant since) {
    FileIO io = table.io();
    TablePaths paths = table.paths();
    long latest = table.latestSnapshot().map(Snapshot::id).orElse(0L);
    OptionalLong earliestHint = SnapshotHints.find(io, paths.earliestHint());
    long earliest = earliestHint.orElse(latest == 0 ? 0 : 1);
    List<TableCommit> newestFirst = new ArrayList<>();
    int before = 0;
    boolean streamingBefore = false;
    long id = latest;
    for (; id >= Math.max(1, earliest); id--) {
      Snapshot s = table.snapshotStore().findSnapshot(id).orElse(null);
      if (s == null) {
        continue; // expired while reading, or a gap
      }
      TableCommit c = commit(s);
      boolean inWindow = s.timeMillis() >= since.toEpochMilli();
      if (!inWindow) {
        if (streamingBefore || before >= MAX_BEFORE) {
          break;
        }
        before++;
        streamingBefore =
            c.writesData() && !c.isBatch() && !c.commitUser().equals(Rollback.COMMIT_USER);
      } else if (newestFirst.size() >= MAX_IN_WINDOW) {
        break; // the newest MAX_IN_WINDOW are kept; reachedEarliest stays false
      }
      newestFirst.add(c);
    }
    Collections.reverse(newestFirst);
    return new TableChangeSnapshot(
        name,
        paths.root().toString(),
        clock.instant(),
        schemas(table),
        newestFirst,
        id < Math.max(1, earliest),
        earliestHint.orElse(0),
        written(io, paths.earliestHint()),
        latest,
        written(io, paths.latestHint()),
        tags(table));
  }

  private static TableCommit commit(Snapshot s) {
    return new TableCommit(
        s.id(),
        s.schemaId(),
        s.commitUser(),
        s.commitIdentifier(),
        s.commitKind().name(),
        s.timeMillis(),
        s.deltaRecordCount(),
        s.totalRecordCount());
  }

  private static List<SchemaVersion> schemas(Table table) {
    TreeSet<Long> ids = new TreeSet<>();
    for (Path p : table.io().list(table.paths().schemaDir())) {
      TablePaths.parseSchemaId(p.getFileName().toString()).ifPresent(ids::add);
    }
    List<SchemaVersion> versions = new ArrayList<>();
    for (long id : ids.descendingSet().stream().limit(MAX_SCHEMAS).sorted().toList()) {
      TableSchema s = table.schema(id);
      versions.add(
          new SchemaVersion(
              s.id(),
              s.timeMillis(),
              s.fields().stream().map(f -> f.name() + " " + f.type().asSql()).toList(),
              s.partitionKeys(),
              s.primaryKeys(),
              s.options()));
    }
    return versions;
  }

  private static Map<String, TagInfo> tags(Table table) {
    Map<String, TagInfo> tags = new TreeMap<>();
    new Tags(table.io(), table.paths())
        .list()
        .forEach(
            (name, tag) ->
                tags.put(
                    name,
                    new TagInfo(
                        tag.snapshot().id(),
                        written(table.io(), table.paths().tagFile(name)),
                        tag.createTime() == null ? null : tag.createTime().toString())));
    return tags;
  }

  private static @Nullable Instant written(FileIO io, Path file) {
    return io.exists(file) ? io.lastModified(file) : null;
  }
}
