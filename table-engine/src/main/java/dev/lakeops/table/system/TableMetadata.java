package dev.lakeops.table.system;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.Table;
import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.meta.Consumer;
import dev.lakeops.table.meta.ConsumerJson;
import dev.lakeops.table.meta.ManifestEntry;
import dev.lakeops.table.meta.ManifestFileMeta;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.meta.Tag;
import dev.lakeops.table.meta.TagJson;
import dev.lakeops.table.paths.TablePaths;
import dev.lakeops.table.read.ScanTarget;
import dev.lakeops.table.read.SnapshotNotFoundException;
import dev.lakeops.table.schema.TableSchema;
import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.BiFunction;

/**
 * The listings of a {@link Table}'s metadata that system tables need beyond what {@code Table}
 * offers: every schema, every snapshot, tags, consumers, the manifests of a snapshot. Every call
 * reads storage, so the view never goes stale; a file that vanishes while it is listed (an expiring
 * snapshot, a deleted tag) is left out rather than failing the listing.
 */
public final class TableMetadata {

  private final Table table;

  public TableMetadata(Table table) {
    this.table = requireNonNull(table, "table");
  }

  public Table table() {
    return table;
  }

  private FileIO io() {
    return table.io();
  }

  private TablePaths paths() {
    return table.paths();
  }

  /** The schema the table was loaded with: the latest. */
  public TableSchema latestSchema() {
    return table.schema();
  }

  /**
   * Schema version {@code id}.
   *
   * @throws java.io.UncheckedIOException no such schema file
   */
  public TableSchema schema(long id) {
    return table.schema(id);
  }

  /** Every schema version, by id. */
  public List<TableSchema> schemas() {
    List<Long> ids = new ArrayList<>();
    for (Path p : io().list(paths().schemaDir())) {
      TablePaths.parseSchemaId(p.getFileName().toString()).ifPresent(ids::add);
    }
    ids.sort(null);
    return ids.stream().map(table::schema).toList();
  }

  /** Every snapshot on storage, by id. */
  public List<Snapshot> snapshots() {
    List<Long> ids = new ArrayList<>();
    for (Path p : io().list(paths().snapshotDir())) {
      TablePaths.parseSnapshotId(p.getFileName().toString()).ifPresent(ids::add);
    }
    ids.sort(null);
    List<Snapshot> snapshots = new ArrayList<>(ids.size());
    for (long id : ids) {
      table.snapshotStore().findSnapshot(id).ifPresent(snapshots::add);
    }
    return snapshots;
  }

  /** Every tag by name. */
  public SortedMap<String, Tag> tags() {
    SortedMap<String, Tag> tags = new TreeMap<>();
    for (Path p : io().list(paths().tagDir())) {
      Optional<String> name = TablePaths.parseTagName(p.getFileName().toString());
      if (name.isPresent()) {
        loadIfPresent(p, TagJson::load).ifPresent(tag -> tags.put(name.get(), tag));
      }
    }
    return tags;
  }

  /** Every streaming consumer by id. */
  public SortedMap<String, Consumer> consumers() {
    SortedMap<String, Consumer> consumers = new TreeMap<>();
    for (Path p : io().list(paths().consumerDir())) {
      Optional<String> id = TablePaths.parseConsumerId(p.getFileName().toString());
      if (id.isPresent()) {
        ConsumerJson.find(io(), p).ifPresent(c -> consumers.put(id.get(), c));
      }
    }
    return consumers;
  }

  /**
   * The snapshot {@code target} names; empty only for the latest snapshot of a table that has none.
   *
   * @throws SnapshotNotFoundException no such snapshot, tag, or snapshot at or before the time; the
   *     message says what exists
   */
  public Optional<Snapshot> select(ScanTarget target) {
    if (target instanceof ScanTarget.SnapshotId id) {
      return Optional.of(
          table
              .snapshotStore()
              .findSnapshot(id.id())
              .orElseThrow(
                  () ->
                      new SnapshotNotFoundException(
                          "Snapshot "
                              + id.id()
                              + " does not exist in "
                              + paths().root()
                              + " ("
                              + snapshotRange()
                              + ")")));
    }
    if (target instanceof ScanTarget.TagName tag) {
      Optional<Tag> found =
          tag.name().contains("/")
              ? Optional.empty()
              : loadIfPresent(paths().tagFile(tag.name()), TagJson::load);
      return Optional.of(
          found
              .orElseThrow(
                  () ->
                      new SnapshotNotFoundException(
                          "Tag '"
                              + tag.name()
                              + "' does not exist in "
                              + paths().root()
                              + " ("
                              + tagList()
                              + ")"))
              .snapshot());
    }
    if (target instanceof ScanTarget.TimestampMillis) {
      return table.newScan().withTarget(target).resolveSnapshot();
    }
    return table.latestSnapshot();
  }

  private String snapshotRange() {
    List<Snapshot> all = snapshots();
    return all.isEmpty()
        ? "the table has no snapshots"
        : "snapshots " + all.get(0).id() + ".." + all.get(all.size() - 1).id() + " exist";
  }

  private String tagList() {
    SortedMap<String, Tag> tags = tags();
    return tags.isEmpty() ? "the table has no tags" : "tags: " + String.join(", ", tags.keySet());
  }

  /** The data manifests of {@code snapshot}: its base list, then its delta list. */
  public List<ManifestFileMeta> dataManifests(Snapshot snapshot) {
    List<ManifestFileMeta> metas =
        new ArrayList<>(table.snapshotFiles().manifestList(snapshot.baseManifestList()));
    metas.addAll(table.snapshotFiles().manifestList(snapshot.deltaManifestList()));
    return metas;
  }

  /** Every manifest {@code snapshot} references: its data manifests, then its changelog list's. */
  public List<ManifestFileMeta> allManifests(Snapshot snapshot) {
    List<ManifestFileMeta> metas = dataManifests(snapshot);
    if (snapshot.changelogManifestList() != null) {
      metas.addAll(table.snapshotFiles().manifestList(snapshot.changelogManifestList()));
    }
    return metas;
  }

  /** The data files live in {@code snapshot}. */
  public List<ManifestEntry> liveFiles(Snapshot snapshot) {
    return table.snapshotFiles().liveFiles(snapshot).files();
  }

  private <T> Optional<T> loadIfPresent(Path file, BiFunction<FileIO, Path, T> loader) {
    try {
      return Optional.of(loader.apply(io(), file));
    } catch (UncheckedIOException e) {
      if (e.getCause() instanceof NoSuchFileException) {
        return Optional.empty();
      }
      throw e;
    }
  }

  /** The id of a selected snapshot, for reports. */
  static OptionalLong idOf(Optional<Snapshot> snapshot) {
    return snapshot.map(s -> OptionalLong.of(s.id())).orElse(OptionalLong.empty());
  }
}
