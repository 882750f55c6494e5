package dev.lakeops.table.store;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.commit.DataFileLocator;
import dev.lakeops.table.commit.FileSystemSnapshotStore;
import dev.lakeops.table.commit.SnapshotFiles;
import dev.lakeops.table.commit.SnapshotStore;
import dev.lakeops.table.commit.TableCommitter;
import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.meta.ManifestFiles;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.paths.TablePaths;
import dev.lakeops.table.schema.SchemaJson;
import dev.lakeops.table.schema.TableOptions;
import dev.lakeops.table.schema.TableSchema;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a table is on storage: its directory and file names, its schemas and options, its snapshot
 * store and the file lists of its snapshots, and its committer. Scans, reads, writes and
 * compactions work on a {@code TableStore}; {@link dev.lakeops.table.Table} is the facade above
 * them. Holds no mutable table state (only a cache of schema versions, which never change), so one
 * instance may be shared by threads.
 */
public final class TableStore {

  private final FileIO io;
  private final TablePaths paths;
  private final TableSchema schema;
  private final SnapshotStore snapshots;
  private final SnapshotFiles snapshotFiles;
  private final DataFileLocator locator;
  private final Map<Long, TableSchema> schemas = new ConcurrentHashMap<>();

  private TableStore(FileIO io, TablePaths paths, TableSchema schema) {
    this.io = io;
    this.paths = paths;
    this.schema = schema;
    this.snapshots = new FileSystemSnapshotStore(io, paths);
    this.snapshotFiles = new SnapshotFiles(new ManifestFiles(io, paths));
    this.locator = new DataFileLocator(paths, schema);
    schemas.put(schema.id(), schema);
  }

  /**
   * The table in directory {@code root} (any Paimon table directory), with its latest schema.
   *
   * @throws TableNotFoundException {@code root} holds no {@code schema/schema-N} file
   * @throws dev.lakeops.table.schema.CorruptSchemaException the latest schema file does not decode
   */
  public static TableStore load(FileIO io, Path root) {
    requireNonNull(io, "io");
    TablePaths paths = new TablePaths(requireNonNull(root, "root"));
    OptionalLong latest = OptionalLong.empty();
    for (Path file : io.list(paths.schemaDir())) {
      OptionalLong id = TablePaths.parseSchemaId(file.getFileName().toString());
      if (id.isPresent() && (latest.isEmpty() || id.getAsLong() > latest.getAsLong())) {
        latest = id;
      }
    }
    if (latest.isEmpty()) {
      throw new TableNotFoundException(
          root,
          io.exists(root)
              ? "no schema file in " + paths.schemaDir()
              : "the directory does not exist");
    }
    return new TableStore(io, paths, SchemaJson.load(io, paths.schemaFile(latest.getAsLong())));
  }

  /** The same table with its latest schema read again. */
  public TableStore refresh() {
    return load(io, paths.root());
  }

  /** The directory name, which is the table name inside its database. */
  public String name() {
    return paths.root().getFileName().toString();
  }

  public FileIO io() {
    return io;
  }

  public TablePaths paths() {
    return paths;
  }

  /** The latest schema when this instance was loaded. */
  public TableSchema schema() {
    return schema;
  }

  /**
   * Schema version {@code id}: what files written with that version are read with.
   *
   * @throws java.io.UncheckedIOException the schema file does not exist or cannot be read
   */
  public TableSchema schema(long id) {
    return schemas.computeIfAbsent(id, i -> SchemaJson.load(io, paths.schemaFile(i)));
  }

  public TableOptions options() {
    return schema.tableOptions();
  }

  public boolean hasPrimaryKey() {
    return schema.hasPrimaryKey();
  }

  public SnapshotStore snapshotStore() {
    return snapshots;
  }

  /** Reads manifests and live file sets of this table's snapshots (with a manifest cache). */
  public SnapshotFiles snapshotFiles() {
    return snapshotFiles;
  }

  /** Where data files of a (partition, bucket) live. */
  public DataFileLocator locator() {
    return locator;
  }

  public Optional<Snapshot> latestSnapshot() {
    return snapshots.latest();
  }

  /**
   * The committer of this table: {@code commit}, {@code commitOverwrite}, {@code filterAndCommit}.
   */
  public TableCommitter newCommit() {
    return TableCommitter.builder(io, paths, schema).store(snapshots).build();
  }

  @Override
  public String toString() {
    return "TableStore[" + paths.root() + "]";
  }
}
