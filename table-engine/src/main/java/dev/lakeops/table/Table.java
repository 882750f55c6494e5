package dev.lakeops.table;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.commit.DataFileLocator;
import dev.lakeops.table.commit.PartitionFilter;
import dev.lakeops.table.commit.SnapshotFiles;
import dev.lakeops.table.commit.SnapshotStore;
import dev.lakeops.table.commit.TableCommitter;
import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.paths.TablePaths;
import dev.lakeops.table.read.StreamingScan;
import dev.lakeops.table.read.TableRead;
import dev.lakeops.table.read.TableScan;
import dev.lakeops.table.schema.TableOptions;
import dev.lakeops.table.schema.TableSchema;
import dev.lakeops.table.store.TableNotFoundException;
import dev.lakeops.table.store.TableStore;
import dev.lakeops.table.write.CompactionMode;
import dev.lakeops.table.write.CompactionReport;
import dev.lakeops.table.write.TableCompaction;
import dev.lakeops.table.write.TableWrite;
import java.nio.file.Path;
import java.util.Optional;

/**
 * One Paimon-format table: its schema, its snapshots, and the entry points to write, commit, scan,
 * read and compact it. Holds no mutable table state: every scan and write reads the snapshots it
 * needs, so one {@code Table} may be shared by threads. The schema is the latest when loaded;
 * {@link #refresh} reloads it. What the table is on storage is its {@link TableStore}, which the
 * scans, reads and writes below work on.
 */
public final class Table {

  private final TableStore store;

  private Table(TableStore store) {
    this.store = requireNonNull(store, "store");
  }

  /**
   * The table in directory {@code root} (any Paimon table directory), with its latest schema.
   *
   * @throws TableNotFoundException {@code root} holds no {@code schema/schema-N} file
   * @throws dev.lakeops.table.schema.CorruptSchemaException the latest schema file does not decode
   */
  public static Table load(FileIO io, Path root) {
    return new Table(TableStore.load(io, root));
  }

  /** The same table with its latest schema read again. */
  public Table refresh() {
    return new Table(store.refresh());
  }

  /** What the table is on storage: paths, schemas, snapshot store, file lists, committer. */
  public TableStore store() {
    return store;
  }

  /** The directory name, which is the table name inside its database. */
  public String name() {
    return store.name();
  }

  public FileIO io() {
    return store.io();
  }

  public TablePaths paths() {
    return store.paths();
  }

  /** The latest schema when this instance was loaded. */
  public TableSchema schema() {
    return store.schema();
  }

  /**
   * Schema version {@code id}: what files written with that version are read with.
   *
   * @throws java.io.UncheckedIOException the schema file does not exist or cannot be read
   */
  public TableSchema schema(long id) {
    return store.schema(id);
  }

  public TableOptions options() {
    return store.options();
  }

  public boolean hasPrimaryKey() {
    return store.hasPrimaryKey();
  }

  public SnapshotStore snapshotStore() {
    return store.snapshotStore();
  }

  /** Reads manifests and live file sets of this table's snapshots (with a manifest cache). */
  public SnapshotFiles snapshotFiles() {
    return store.snapshotFiles();
  }

  /** Where data files of a (partition, bucket) live. */
  public DataFileLocator locator() {
    return store.locator();
  }

  public Optional<Snapshot> latestSnapshot() {
    return store.latestSnapshot();
  }

  /**
   * A writer for {@code commitUser}, the writer job's stable name (keep it across restarts so that
   * replays are recognised). Rows go to per (partition, bucket) writers; {@link
   * TableWrite#prepareCommit} hands the written files over as a change set for {@link
   * #newCommit()}.
   *
   * @throws UnsupportedOperationException the table's bucket mode cannot be written by lakeops
   *     (postpone buckets, a dynamic-bucket table whose primary key lacks a partition key,
   *     first-row tables)
   */
  public TableWrite newWrite(String commitUser) {
    return new TableWrite(store, commitUser);
  }

  /**
   * The committer of this table: {@code commit}, {@code commitOverwrite}, {@code filterAndCommit}.
   */
  public TableCommitter newCommit() {
    return store.newCommit();
  }

  /**
   * A scan of the latest snapshot, without filter; see {@link TableScan} for time travel and
   * pruning.
   */
  public TableScan newScan() {
    return TableScan.of(store);
  }

  /**
   * A streaming read that follows the snapshots as they are committed, configured by Paimon's
   * options ({@code scan.mode}, {@code scan.snapshot-id}, {@code scan.timestamp-millis}, {@code
   * consumer-id}, ...); see {@link StreamingScan}. Read its plans with {@link #newRead()}.
   *
   * @throws IllegalArgumentException a malformed option
   * @throws UnsupportedOperationException an option lakeops' streaming read does not support
   */
  public StreamingScan newStreamingScan(java.util.Map<String, String> options) {
    return StreamingScan.of(store, options);
  }

  /** A reader of all columns; see {@link TableRead} for projection and filters. */
  public TableRead newRead() {
    return TableRead.of(store);
  }

  /**
   * Compacts the buckets of the partitions {@code partitions} matches, as {@code commitUser}, and
   * commits the result as one COMPACT snapshot (the maintenance action; Paimon's {@code compact}
   * procedure). {@link CompactionMode#FULL} merges each bucket into one sorted run in the highest
   * level; {@link CompactionMode#UNIVERSAL} compacts only where the universal picker would.
   *
   * @throws dev.lakeops.table.commit.ConflictingChangesException another writer compacted the same
   *     files first; nothing was committed
   */
  public CompactionReport compact(
      String commitUser, PartitionFilter partitions, CompactionMode mode) {
    return new TableCompaction(store).run(commitUser, partitions, mode);
  }

  @Override
  public String toString() {
    return "Table[" + store.paths().root() + "]";
  }
}
