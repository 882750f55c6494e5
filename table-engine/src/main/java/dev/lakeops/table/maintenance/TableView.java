package dev.lakeops.table.maintenance;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.commit.DataFileLocator;
import dev.lakeops.table.commit.FileSystemSnapshotStore;
import dev.lakeops.table.commit.SnapshotFiles;
import dev.lakeops.table.commit.SnapshotStore;
import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.meta.Consumer;
import dev.lakeops.table.meta.ConsumerJson;
import dev.lakeops.table.meta.ManifestFiles;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.meta.SnapshotHints;
import dev.lakeops.table.meta.SnapshotJson;
import dev.lakeops.table.meta.Tag;
import dev.lakeops.table.meta.TagJson;
import dev.lakeops.table.paths.TablePaths;
import dev.lakeops.table.schema.SchemaJson;
import dev.lakeops.table.schema.TableSchema;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * The metadata of one table as the maintenance operations read it: snapshots, tags, consumers,
 * schema.
 */
final class TableView {

  final FileIO io;
  final TablePaths paths;
  final SnapshotStore store;
  final SnapshotFiles files;
  final Clock clock;

  TableView(FileIO io, TablePaths paths, Clock clock) {
    this.io = requireNonNull(io, "io");
    this.paths = requireNonNull(paths, "paths");
    this.clock = requireNonNull(clock, "clock");
    this.store = new FileSystemSnapshotStore(io, paths);
    this.files = new SnapshotFiles(new ManifestFiles(io, paths));
  }

  /**
   * The table's newest schema.
   *
   * @throws IllegalStateException the table has no schema (not a table directory)
   */
  TableSchema latestSchema() {
    OptionalLong latest = OptionalLong.empty();
    for (Path p : io.list(paths.schemaDir())) {
      OptionalLong id = TablePaths.parseSchemaId(p.getFileName().toString());
      if (id.isPresent() && (latest.isEmpty() || id.getAsLong() > latest.getAsLong())) {
        latest = id;
      }
    }
    if (latest.isEmpty()) {
      throw new IllegalStateException(
          "No schema in " + paths.schemaDir() + ": not a table directory");
    }
    return SchemaJson.load(io, paths.schemaFile(latest.getAsLong()));
  }

  DataFileLocator locator() {
    return new DataFileLocator(paths, latestSchema());
  }

  OptionalLong earliestId() {
    return SnapshotHints.earliestSnapshotId(io, paths);
  }

  OptionalLong latestId() {
    return SnapshotHints.latestSnapshotId(io, paths);
  }

  /** The snapshots present with ids in [from, to], ascending. */
  List<Snapshot> snapshots(long from, long to) {
    List<Snapshot> result = new ArrayList<>();
    for (long id = Math.max(1, from); id <= to; id++) {
      store.findSnapshot(id).ifPresent(result::add);
    }
    return result;
  }

  /** Every snapshot present, ascending. */
  List<Snapshot> allSnapshots() {
    OptionalLong earliest = earliestId();
    OptionalLong latest = latestId();
    return earliest.isEmpty() || latest.isEmpty()
        ? List.of()
        : snapshots(earliest.getAsLong(), latest.getAsLong());
  }

  /** Tags by name. */
  TreeMap<String, Tag> tags() {
    TreeMap<String, Tag> tags = new TreeMap<>();
    for (Path p : io.list(paths.tagDir())) {
      Optional<String> name = TablePaths.parseTagName(p.getFileName().toString());
      if (name.isPresent() && !TablePaths.isTempFile(p.getFileName().toString())) {
        tags.put(name.get(), TagJson.load(io, p));
      }
    }
    return tags;
  }

  Optional<Tag> findTag(String name) {
    Path file = paths.tagFile(name);
    return io.exists(file) ? Optional.of(TagJson.load(io, file)) : Optional.empty();
  }

  /** Consumers by id, sorted. */
  TreeMap<String, Consumer> consumersById() {
    TreeMap<String, Consumer> consumers = new TreeMap<>();
    for (Path p : io.list(paths.consumerDir())) {
      Optional<String> id = TablePaths.parseConsumerId(p.getFileName().toString());
      if (id.isPresent()) {
        ConsumerJson.find(io, p).ifPresent(c -> consumers.put(id.get(), c));
      }
    }
    return consumers;
  }

  /** Long-lived changelog metadata ({@code changelog/changelog-N}), by snapshot id. */
  TreeMap<Long, Snapshot> changelogs() {
    TreeMap<Long, Snapshot> changelogs = new TreeMap<>();
    for (Path p : io.list(paths.changelogDir())) {
      OptionalLong id = TablePaths.parseChangelogId(p.getFileName().toString());
      if (id.isPresent()) {
        changelogs.put(id.getAsLong(), SnapshotJson.load(io, p));
      }
    }
    return changelogs;
  }

  /**
   * Branches share the table's data files but keep their own snapshots; operations that delete
   * files refuse to run rather than compute references without them.
   */
  void checkNoBranches(String operation) {
    Path branches = paths.root().resolve("branch");
    if (!io.list(branches).isEmpty()) {
      throw new UnsupportedOperationException(
          "Cannot "
              + operation
              + " on "
              + paths.root()
              + ": the table has branches ("
              + branches
              + "), whose references are not tracked yet");
    }
  }
}
