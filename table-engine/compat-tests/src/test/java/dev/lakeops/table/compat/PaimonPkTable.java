package dev.lakeops.table.compat;

import dev.lakeops.table.commit.BucketChange;
import dev.lakeops.table.commit.ChangeSet;
import dev.lakeops.table.commit.TableCommitter;
import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.meta.ManifestFiles;
import dev.lakeops.table.paths.TablePaths;
import dev.lakeops.table.schema.SchemaJson;
import dev.lakeops.table.schema.TableSchema;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.disk.IOManager;
import org.apache.paimon.io.DataFileMeta;
import org.apache.paimon.manifest.FileKind;
import org.apache.paimon.manifest.ManifestEntry;
import org.apache.paimon.manifest.ManifestFile;
import org.apache.paimon.manifest.ManifestFileMeta;
import org.apache.paimon.options.Options;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.Table;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.CommitMessageImpl;
import org.apache.paimon.table.sink.TableCommitImpl;
import org.apache.paimon.table.sink.TableWriteImpl;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.types.DataTypes;
import org.apache.paimon.types.RowKind;

/**
 * One Paimon 1.3.1 primary-key table ({@code dt STRING, id INT, name STRING, price DOUBLE},
 * partitioned by {@code dt}, 2 buckets, Avro files) that Paimon writes and reads, and the lakeops
 * view of the same directory. A row is written as {@code "dt,id,name"} ({@code price = id * 1.5});
 * {@code "-dt,id"} deletes a key.
 */
final class PaimonPkTable {

  static final String DT1 = "2024-01-01";
  static final String DT2 = "2024-01-02";

  /** Local scratch space: the warehouse itself on the local disk, Paimon's spill files. */
  final Path warehouse;

  final Catalog catalog;
  final FileIO io;
  final TablePaths paths;

  /** The table in a warehouse on the local disk. */
  PaimonPkTable(Path warehouse, Map<String, String> options) throws Exception {
    this(CompatStore.LOCAL.newWarehouse(warehouse), options);
  }

  /** The table in {@code store}'s warehouse, lakeops and Paimon each on its own client of it. */
  PaimonPkTable(CompatStore.Warehouse store, Map<String, String> options) throws Exception {
    this.warehouse = store.scratch();
    this.io = store.io();
    Options catalogOptions = new Options();
    catalogOptions.set("warehouse", store.uri());
    store.paimonOptions().forEach(catalogOptions::set);
    // Paimon's caching catalog keeps snapshot-N by path; lakeops changes the table behind its back
    // (a destructive rollback followed by a new snapshot-N), as a separate process would.
    catalogOptions.set("cache-enabled", "false");
    this.catalog = CatalogFactory.createCatalog(CatalogContext.create(catalogOptions));
    catalog.createDatabase("db", true);
    Schema schema =
        Schema.newBuilder()
            .column("dt", DataTypes.STRING())
            .column("id", DataTypes.INT())
            .column("name", DataTypes.STRING())
            .column("price", DataTypes.DOUBLE())
            .partitionKeys("dt")
            .primaryKey("dt", "id")
            .option("bucket", "2")
            .option("file.format", "avro")
            .options(options)
            .build();
    catalog.createTable(Identifier.create("db", "t"), schema, false);
    this.paths = TablePaths.of(store.root(), "db", "t");
  }

  FileStoreTable paimon() throws Exception {
    return (FileStoreTable) catalog.getTable(Identifier.create("db", "t"));
  }

  TableSchema schema() {
    return SchemaJson.load(io, paths.schemaFile(0));
  }

  TableCommitter committer() {
    return TableCommitter.create(io, paths, schema());
  }

  /** Paimon writes {@code rows} and commits them as {@code identifier} of {@code user}. */
  void write(String user, long identifier, String... rows) throws Exception {
    FileStoreTable table = paimon();
    try (TableWriteImpl<?> write = newWrite(table, user);
        TableCommitImpl commit = table.newCommit(user)) {
      writeRows(write, rows);
      commit.commit(identifier, write.prepareCommit(false, identifier));
    }
  }

  /**
   * Paimon writes {@code rows} into new files and returns what it would commit, without committing.
   */
  List<CommitMessage> prepare(String user, long identifier, String... rows) throws Exception {
    FileStoreTable table = paimon();
    try (TableWriteImpl<?> write = newWrite(table, user)) {
      writeRows(write, rows);
      return write.prepareCommit(false, identifier);
    }
  }

  /** Paimon fully compacts every bucket of both partitions and commits it as {@code identifier}. */
  void fullCompact(String user, long identifier) throws Exception {
    FileStoreTable table = paimon();
    try (TableWriteImpl<?> write = newWrite(table, user);
        TableCommitImpl commit = table.newCommit(user)) {
      for (String dt : List.of(DT1, DT2)) {
        for (int bucket = 0; bucket < 2; bucket++) {
          write.compact(PaimonWarehouse.partition(dt), bucket, true);
        }
      }
      commit.commit(identifier, write.prepareCommit(true, identifier));
    }
  }

  private TableWriteImpl<?> newWrite(FileStoreTable table, String user) {
    return table.newWrite(user).withIOManager(IOManager.create(warehouse.resolve("io").toString()));
  }

  private static void writeRows(TableWriteImpl<?> write, String... rows) throws Exception {
    for (String row : rows) {
      boolean delete = row.startsWith("-");
      String[] f = (delete ? row.substring(1) : row).split(",");
      int id = Integer.parseInt(f[1]);
      GenericRow value =
          GenericRow.ofKind(
              delete ? RowKind.DELETE : RowKind.INSERT,
              BinaryString.fromString(f[0]),
              id,
              delete ? null : BinaryString.fromString(f[2]),
              delete ? null : id * 1.5);
      write.write(value);
    }
  }

  /** The rows Paimon reads at the latest snapshot, as {@code dt,id,name,price}, sorted. */
  List<String> rows() throws Exception {
    return rows(paimon());
  }

  List<String> rowsAtSnapshot(long id) throws Exception {
    return rows(paimon().copy(Map.of("scan.snapshot-id", Long.toString(id))));
  }

  List<String> rowsAtTag(String tag) throws Exception {
    return rows(paimon().copy(Map.of("scan.tag-name", tag)));
  }

  static List<String> rows(Table table) throws Exception {
    ReadBuilder builder = table.newReadBuilder();
    List<String> rows = new ArrayList<>();
    try (RecordReader<InternalRow> reader =
        builder.newRead().createReader(builder.newScan().plan())) {
      reader.forEachRemaining(
          r ->
              rows.add(
                  r.getString(0)
                      + ","
                      + r.getInt(1)
                      + ","
                      + (r.isNullAt(2) ? null : r.getString(2))
                      + ","
                      + (r.isNullAt(3) ? null : r.getDouble(3))));
    }
    rows.sort(null);
    return rows;
  }

  /**
   * The lakeops change set of Paimon's uncommitted messages: the file metadata is carried over by
   * writing it into a manifest with Paimon's writer and reading that manifest with lakeops'.
   */
  ChangeSet toChangeSet(String user, long identifier, List<CommitMessage> messages)
      throws Exception {
    ManifestFile paimonManifests = paimon().store().manifestFileFactory().create();
    ManifestFiles ourManifests = new ManifestFiles(io, paths);
    List<BucketChange> changes = new ArrayList<>();
    for (CommitMessage m : messages) {
      CommitMessageImpl message = (CommitMessageImpl) m;
      int totalBuckets = message.totalBuckets() == null ? 2 : message.totalBuckets();
      List<dev.lakeops.table.meta.DataFileMeta> newFiles =
          convert(
              paimonManifests,
              ourManifests,
              message,
              message.newFilesIncrement().newFiles(),
              totalBuckets);
      List<dev.lakeops.table.meta.DataFileMeta> changelog =
          convert(
              paimonManifests,
              ourManifests,
              message,
              message.newFilesIncrement().changelogFiles(),
              totalBuckets);
      if (!newFiles.isEmpty() || !changelog.isEmpty()) {
        changes.add(
            new BucketChange(
                partitionOf(message),
                message.bucket(),
                totalBuckets,
                newFiles,
                List.of(),
                List.of(),
                changelog));
      }
    }
    return new ChangeSet(user, identifier, changes);
  }

  private static dev.lakeops.table.meta.BinaryRow partitionOf(CommitMessageImpl message) {
    return dev.lakeops.table.meta.BinaryRow.fromSerialized(
        org.apache.paimon.utils.SerializationUtils.serializeBinaryRow(message.partition()));
  }

  private static List<dev.lakeops.table.meta.DataFileMeta> convert(
      ManifestFile theirs,
      ManifestFiles ours,
      CommitMessageImpl message,
      List<DataFileMeta> files,
      int totalBuckets) {
    if (files.isEmpty()) {
      return List.of();
    }
    List<ManifestEntry> entries = new ArrayList<>();
    for (DataFileMeta f : files) {
      entries.add(
          PaimonApi.manifestEntry(
              FileKind.ADD, message.partition(), message.bucket(), totalBuckets, f));
    }
    List<dev.lakeops.table.meta.DataFileMeta> result = new ArrayList<>();
    for (ManifestFileMeta meta : theirs.write(entries)) {
      ours.readManifest(meta.fileName()).forEach(e -> result.add(e.file()));
      ours.delete(meta.fileName());
    }
    return result;
  }
}
