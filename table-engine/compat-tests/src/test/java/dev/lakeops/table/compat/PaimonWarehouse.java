package dev.lakeops.table.compat;

import dev.lakeops.table.io.FileIO;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.BinaryRow;
import org.apache.paimon.data.BinaryRowWriter;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.disk.IOManager;
import org.apache.paimon.options.Options;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.TableCommitImpl;
import org.apache.paimon.table.sink.TableWriteImpl;
import org.apache.paimon.types.DataTypes;
import org.apache.paimon.types.RowKind;

/**
 * A Paimon 1.3.1 warehouse under a temp directory with tables written by Paimon itself through its
 * Java API: primary-key tables (partitioned, bucket=2) and append tables, in Avro and Parquet, with
 * several commits, updates, deletes, an overwrite, a full compaction and tags.
 */
final class PaimonWarehouse {

  static final String USER = "lakeops-compat";
  static final List<String> FORMATS = List.of("avro", "parquet");
  static final List<String> PARTITIONS = List.of("2024-01-01", "2024-01-02");

  /** The warehouse's root as lakeops opens it with {@link #io}. */
  final Path root;

  final FileIO io;
  final Catalog catalog;

  /** Local scratch space: Paimon's spill files. */
  private final Path scratch;

  private PaimonWarehouse(CompatStore.Warehouse store) throws Exception {
    this.root = store.root();
    this.io = store.io();
    this.scratch = store.scratch();
    Options options = new Options();
    options.set("warehouse", store.uri());
    store.paimonOptions().forEach(options::set);
    this.catalog = CatalogFactory.createCatalog(CatalogContext.create(options));
    catalog.createDatabase("db", true);
  }

  /** Creates and writes every table in a local directory; takes a few seconds. */
  static PaimonWarehouse create(Path root) throws Exception {
    return create(CompatStore.LOCAL.newWarehouse(root));
  }

  /** Creates and writes every table in the warehouse of a store. */
  static PaimonWarehouse create(CompatStore.Warehouse store) throws Exception {
    PaimonWarehouse w = new PaimonWarehouse(store);
    for (String format : FORMATS) {
      w.writePrimaryKeyTable(pkTable(format), format, Map.of());
      w.writeAppendTable(format);
    }
    w.writeBucketedAppendTable();
    w.writePrimaryKeyTable(
        DELETION_VECTORS,
        "parquet",
        Map.of("deletion-vectors.enabled", "true", "changelog-producer", "lookup"));
    w.writePrimaryKeyTable(
        DELETION_VECTORS_64,
        "avro",
        Map.of("deletion-vectors.enabled", "true", "deletion-vectors.bitmap64", "true"));
    w.writeAppendTableWithDeletes();
    w.createNestedTable();
    return w;
  }

  static String pkTable(String format) {
    return "pk_" + format;
  }

  static String appendTable(String format) {
    return "log_" + format;
  }

  static final String BUCKETED_APPEND = "keyed_log";

  FileStoreTable table(String name) throws Exception {
    return (FileStoreTable) catalog.getTable(Identifier.create("db", name));
  }

  Path tableDir(String name) {
    return root.resolve("db.db").resolve(name);
  }

  /** lakeops' view of table {@code db.name}. */
  dev.lakeops.table.Table lakeops(String name) {
    return dev.lakeops.table.Table.load(io, tableDir(name));
  }

  /**
   * A primary-key table with deletion vectors and the lookup changelog producer: index manifests,
   * changelog lists.
   */
  static final String DELETION_VECTORS = "pk_dv";

  /**
   * A primary-key table in Avro with deletion vectors in the 64-bit layout ({@code
   * deletion-vectors.bitmap64}).
   */
  static final String DELETION_VECTORS_64 = "pk_dv64_avro";

  /** An append table with deletion vectors, rows deleted by position as Spark's DELETE does. */
  static final String APPEND_DELETION_VECTORS = "log_dv";

  private void writePrimaryKeyTable(String name, String format, Map<String, String> options)
      throws Exception {
    Schema schema =
        Schema.newBuilder()
            .column("dt", DataTypes.STRING())
            .column("id", DataTypes.INT())
            .column("name", DataTypes.STRING())
            .column("price", DataTypes.DOUBLE())
            .partitionKeys("dt")
            .primaryKey("dt", "id")
            .option("bucket", "2")
            .option("file.format", format)
            .comment("orders by day")
            .options(options)
            .build();
    catalog.createTable(Identifier.create("db", name), schema, false);
    FileStoreTable table = table(name);
    // With deletion vectors, compaction (which writes the vectors) may finish in the background and
    // land in a later commit; waiting for it at every commit fixes each snapshot's vectors.
    boolean waitCompaction = "true".equals(options.get("deletion-vectors.enabled"));
    try (TableWriteImpl<?> write =
            table.newWrite(USER).withIOManager(IOManager.create(scratch.resolve("io").toString()));
        TableCommitImpl commit = table.newCommit(USER)) {
      for (int id = 1; id <= 12; id++) {
        write.write(
            GenericRow.of(
                s(PARTITIONS.get(id % 2)), id, s("item-" + id + "-with-a-long-name"), id * 1.25));
      }
      commit.commit(1, write.prepareCommit(waitCompaction, 1));

      write.write(GenericRow.of(s(PARTITIONS.get(1)), 1, s("apple2"), 1.75));
      write.write(
          GenericRow.ofKind(
              RowKind.DELETE, s(PARTITIONS.get(0)), 2, s("item-2-with-a-long-name"), 2.5));
      write.write(GenericRow.of(s(PARTITIONS.get(0)), 20, s("x"), 0.5));
      commit.commit(2, write.prepareCommit(waitCompaction, 2));

      write.write(GenericRow.of(s(PARTITIONS.get(0)), 21, null, null));
      commit.commit(3, write.prepareCommit(waitCompaction, 3));

      for (String dt : PARTITIONS) {
        for (int bucket = 0; bucket < 2; bucket++) {
          write.compact(partition(dt), bucket, true);
        }
      }
      commit.commit(4, write.prepareCommit(true, 4));
    }
    table.createTag("plain", 2);
    table.createTag("retained", 3, Duration.ofHours(36).plusMillis(250));
  }

  private void writeAppendTable(String format) throws Exception {
    Schema schema =
        Schema.newBuilder()
            .column("dt", DataTypes.STRING())
            .column("id", DataTypes.BIGINT())
            .column("msg", DataTypes.STRING())
            .column("amount", DataTypes.DECIMAL(20, 4))
            .column("ts", DataTypes.TIMESTAMP(6))
            .partitionKeys("dt")
            .option("file.format", format)
            .build();
    String name = appendTable(format);
    catalog.createTable(Identifier.create("db", name), schema, false);
    FileStoreTable table = table(name);
    try (TableWriteImpl<?> write =
            table.newWrite(USER).withIOManager(IOManager.create(scratch.resolve("io").toString()));
        TableCommitImpl commit = table.newCommit(USER)) {
      for (int i = 0; i < 6; i++) {
        String dt = i == 5 ? null : PARTITIONS.get(i % 2);
        write.write(
            GenericRow.of(
                dt == null ? null : s(dt),
                (long) i,
                s("message " + i),
                org.apache.paimon.data.Decimal.fromBigDecimal(
                    new java.math.BigDecimal("12345678901234.5678")
                        .add(java.math.BigDecimal.valueOf(i)),
                    20,
                    4),
                org.apache.paimon.data.Timestamp.fromEpochMillis(1_700_000_000_123L + i, 456_000)));
      }
      commit.commit(1, write.prepareCommit(false, 1));
      write.write(GenericRow.of(s(PARTITIONS.get(1)), 100L, s("late"), null, null));
      commit.commit(2, write.prepareCommit(false, 2));
    }
    try (TableWriteImpl<?> write = table.newWrite(USER);
        TableCommitImpl commit =
            table.newCommit(USER).withOverwrite(Map.of("dt", PARTITIONS.get(0)))) {
      write.write(GenericRow.of(s(PARTITIONS.get(0)), 200L, s("replaced"), null, null));
      List<CommitMessage> messages = write.prepareCommit(false, 3);
      commit.commit(3, messages);
    }
    table.createTag("after-overwrite", 3);
  }

  /**
   * A partitioned, bucket-unaware append table with {@code deletion-vectors.enabled}: two commits
   * of rows, then two deletes by row position (Paimon's append deletion-vector maintainer, as
   * Spark's DELETE uses it; the second merges into the first file's vector and rewrites the index
   * file), then one more append.
   */
  private void writeAppendTableWithDeletes() throws Exception {
    Schema schema =
        Schema.newBuilder()
            .column("dt", DataTypes.STRING())
            .column("id", DataTypes.BIGINT())
            .column("msg", DataTypes.STRING())
            .partitionKeys("dt")
            .option("file.format", "parquet")
            .option("deletion-vectors.enabled", "true")
            .build();
    catalog.createTable(Identifier.create("db", APPEND_DELETION_VECTORS), schema, false);
    FileStoreTable table = table(APPEND_DELETION_VECTORS);
    try (TableWriteImpl<?> write =
            table.newWrite(USER).withIOManager(IOManager.create(scratch.resolve("io").toString()));
        TableCommitImpl commit = table.newCommit(USER)) {
      for (long i = 0; i < 10; i++) {
        write.write(GenericRow.of(s(PARTITIONS.get((int) (i % 2))), i, s("row " + i)));
      }
      commit.commit(1, write.prepareCommit(false, 1));
      for (long i = 10; i < 14; i++) {
        write.write(GenericRow.of(s(PARTITIONS.get(0)), i, s("row " + i)));
      }
      commit.commit(2, write.prepareCommit(false, 2));
      commit.commit(3, deleteRows(table, PARTITIONS.get(0), new long[] {0, 2}));
      commit.commit(4, deleteRows(table, PARTITIONS.get(0), new long[] {3}));
      write.write(GenericRow.of(s(PARTITIONS.get(1)), 100L, s("late")));
      commit.commit(5, write.prepareCommit(false, 5));
    }
    table.createTag("after-deletes", 4);
  }

  /**
   * Marks {@code positions} deleted in every data file of partition {@code dt}: the commit message
   * of those vectors.
   */
  private static List<CommitMessage> deleteRows(FileStoreTable table, String dt, long[] positions) {
    org.apache.paimon.Snapshot snapshot = table.snapshotManager().latestSnapshot();
    BinaryRow part = partition(dt);
    var maintainer =
        org.apache.paimon.deletionvectors.append.BaseAppendDeleteFileMaintainer.forUnawareAppend(
            table.store().newIndexFileHandler(), snapshot, part);
    for (org.apache.paimon.manifest.ManifestEntry file :
        table
            .store()
            .newScan()
            .withSnapshot(snapshot)
            .withPartitionFilter(List.of(part))
            .plan()
            .files()) {
      org.apache.paimon.deletionvectors.BitmapDeletionVector vector =
          new org.apache.paimon.deletionvectors.BitmapDeletionVector();
      for (long p : positions) {
        if (p < file.file().rowCount()) {
          vector.delete(p);
        }
      }
      maintainer.notifyNewDeletionVector(file.file().fileName(), vector);
    }
    List<org.apache.paimon.index.IndexFileMeta> added = new java.util.ArrayList<>();
    List<org.apache.paimon.index.IndexFileMeta> removed = new java.util.ArrayList<>();
    for (org.apache.paimon.manifest.IndexManifestEntry e : maintainer.persist()) {
      (e.kind() == org.apache.paimon.manifest.FileKind.ADD ? added : removed).add(e.indexFile());
    }
    return List.of(PaimonApi.indexFilesMessage(part, 0, null, added, removed));
  }

  private void writeBucketedAppendTable() throws Exception {
    Schema schema =
        Schema.newBuilder()
            .column("id", DataTypes.INT())
            .column("v", DataTypes.STRING())
            .option("bucket", "3")
            .option("bucket-key", "id")
            .option("file.format", "parquet")
            .build();
    catalog.createTable(Identifier.create("db", BUCKETED_APPEND), schema, false);
    FileStoreTable table = table(BUCKETED_APPEND);
    try (TableWriteImpl<?> write =
            table.newWrite(USER).withIOManager(IOManager.create(scratch.resolve("io").toString()));
        TableCommitImpl commit = table.newCommit(USER)) {
      for (int id = 0; id < 40; id++) {
        write.write(GenericRow.of(id, s("v" + id)));
      }
      commit.commit(1, write.prepareCommit(false, 1));
    }
  }

  static final String NESTED = "nested";

  /** A table with every atomic type family and nested types, never written: for schema JSON. */
  private void createNestedTable() throws Exception {
    Schema schema =
        Schema.newBuilder()
            .column("id", DataTypes.BIGINT().notNull(), "the key")
            .column("tags", DataTypes.ARRAY(DataTypes.STRING()))
            .column(
                "attrs", DataTypes.MAP(DataTypes.STRING().notNull(), DataTypes.BIGINT().notNull()))
            .column(
                "point",
                DataTypes.ROW(
                    DataTypes.FIELD(0, "x", DataTypes.DOUBLE()),
                    DataTypes.FIELD(1, "y", DataTypes.DOUBLE(), "north")))
            .column(
                "nested",
                DataTypes.ARRAY(DataTypes.ROW(DataTypes.FIELD(2, "k", DataTypes.INT().notNull())))
                    .notNull())
            .column("d", DataTypes.DECIMAL(10, 2))
            .column("big", DataTypes.DECIMAL(38, 18).notNull())
            .column("c", DataTypes.CHAR(3))
            .column("vc", DataTypes.VARCHAR(20))
            .column("bin", DataTypes.BINARY(8))
            .column("vb", DataTypes.VARBINARY(16))
            .column("b", DataTypes.BYTES())
            .column("bo", DataTypes.BOOLEAN())
            .column("ti", DataTypes.TINYINT())
            .column("si", DataTypes.SMALLINT())
            .column("f", DataTypes.FLOAT())
            .column("dd", DataTypes.DATE())
            .column("tm", DataTypes.TIME())
            .column("tm3", DataTypes.TIME(3))
            .column("ts", DataTypes.TIMESTAMP(3))
            .column("ts9", DataTypes.TIMESTAMP(9))
            .column("ltz", DataTypes.TIMESTAMP_WITH_LOCAL_TIME_ZONE(6))
            .primaryKey("id")
            .option("bucket", "4")
            .option("merge-engine", "partial-update")
            .build();
    catalog.createTable(Identifier.create("db", NESTED), schema, false);
  }

  static BinaryString s(String value) {
    return BinaryString.fromString(value);
  }

  /** Paimon's own BinaryRow of a one-string partition. */
  static BinaryRow partition(String dt) {
    BinaryRow row = new BinaryRow(1);
    BinaryRowWriter writer = new BinaryRowWriter(row);
    writer.writeString(0, BinaryString.fromString(dt));
    writer.complete();
    return row;
  }

  static List<String> allTables() {
    return List.of(
        pkTable("avro"),
        pkTable("parquet"),
        appendTable("avro"),
        appendTable("parquet"),
        BUCKETED_APPEND,
        DELETION_VECTORS,
        DELETION_VECTORS_64,
        APPEND_DELETION_VECTORS);
  }
}
