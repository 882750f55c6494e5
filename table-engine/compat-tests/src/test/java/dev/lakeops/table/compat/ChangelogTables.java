package dev.lakeops.table.compat;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.catalog.TableDefinition;
import dev.lakeops.table.commit.ChangeSet;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.RowType;
import dev.lakeops.table.types.TypeRoot;
import dev.lakeops.table.write.TableWrite;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.disk.IOManager;
import org.apache.paimon.options.Options;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.TableCommitImpl;
import org.apache.paimon.table.sink.TableWriteImpl;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.table.source.StreamTableScan;
import org.apache.paimon.table.source.TableScan;

/**
 * One primary-key table with a changelog producer ({@code dt STRING, id INT, name STRING, price
 * DOUBLE}, partitioned by {@code dt}, primary key {@code (dt, id)}, 2 buckets), created by lakeops
 * and opened by Paimon 1.3.1, with the writers and changelog readers of both engines.
 *
 * <p>Paimon's Java writer schedules no full compaction; Paimon's Flink writer ({@code
 * GlobalFullCompactionSinkWrite}) does, every {@code full-compaction.delta-commits} commits (1 with
 * the {@code full-compaction} producer). {@link #paimonCommits} does the same: it fully compacts
 * every bucket and waits for it before committing such an identifier.
 */
final class ChangelogTables {

  static final List<String> PARTITIONS = List.of("2024-01-01", "2024-01-02");

  final Path warehouse;
  final Table ours;
  final FileStoreTable theirs;
  final RowType rowType;
  private final int deltaCommits;

  ChangelogTables(Path warehouse, Map<String, String> options) throws Exception {
    this.warehouse = warehouse;
    Catalog catalog = Catalog.local(warehouse);
    catalog.createDatabase("db");
    TableDefinition.Builder definition =
        TableDefinition.builder()
            .column("dt", AtomicType.string())
            .column("id", AtomicType.of(TypeRoot.INT))
            .column("name", AtomicType.string())
            .column("price", AtomicType.of(TypeRoot.DOUBLE))
            .partitionKeys("dt")
            .primaryKey("dt", "id")
            .option("bucket", "2")
            .option("file.format", "avro");
    options.forEach(definition::option);
    this.ours = catalog.createTable(Identifier.of("db", "t"), definition.build());
    Options catalogOptions = new Options();
    catalogOptions.set("warehouse", warehouse.toUri().toString());
    catalogOptions.set("cache-enabled", "false");
    this.theirs =
        (FileStoreTable)
            CatalogFactory.createCatalog(CatalogContext.create(catalogOptions))
                .getTable(org.apache.paimon.catalog.Identifier.create("db", "t"));
    this.rowType = DataFileValues.fromPaimon(theirs.rowType());
    String delta = options.get("full-compaction.delta-commits");
    this.deltaCommits =
        delta != null
            ? Integer.parseInt(delta)
            : "full-compaction".equals(options.get("changelog-producer")) ? 1 : 0;
  }

  static String key(Row row) {
    return row.get(0) + "|" + row.get(1);
  }

  /** The latest snapshot id, 0 when there is none. */
  long latest() {
    return ours.latestSnapshot().map(Snapshot::id).orElse(0L);
  }

  /** lakeops writes {@code rows} with a new writer and commits them as {@code identifier}. */
  void lakeopsCommits(String user, long identifier, List<Row> rows) {
    try (TableWrite write = ours.newWrite(user)) {
      rows.forEach(write::write);
      ours.newCommit().commit(write.prepareCommit(identifier));
    }
  }

  /** lakeops writes {@code rows} with {@code write} and commits them as {@code identifier}. */
  void lakeopsCommits(TableWrite write, long identifier, List<Row> rows) {
    rows.forEach(write::write);
    ChangeSet changes = write.prepareCommit(identifier);
    ours.newCommit().commit(changes);
  }

  /** Paimon writes {@code rows} with a new writer and commits them as {@code identifier}. */
  void paimonCommits(String user, long identifier, List<Row> rows) throws Exception {
    try (TableWriteImpl<?> write = paimonWrite(user)) {
      paimonCommits(write, user, identifier, rows);
    }
  }

  TableWriteImpl<?> paimonWrite(String user) {
    return theirs
        .newWrite(user)
        .withIOManager(IOManager.create(warehouse.resolve("io").toString()));
  }

  /** Paimon writes {@code rows} with {@code write} and commits them as {@code identifier}. */
  void paimonCommits(TableWriteImpl<?> write, String user, long identifier, List<Row> rows)
      throws Exception {
    for (Row row : rows) {
      write.write(DataFileValues.toPaimon(row, rowType));
    }
    boolean fullCompaction = deltaCommits > 0 && identifier % deltaCommits == 0;
    if (fullCompaction) {
      for (String dt : PARTITIONS) {
        for (int bucket = 0; bucket < 2; bucket++) {
          write.compact(PaimonWarehouse.partition(dt), bucket, true);
        }
      }
    }
    try (TableCommitImpl commit = theirs.newCommit(user)) {
      commit.commit(identifier, write.prepareCommit(fullCompaction, identifier));
    }
  }

  /**
   * The changelog of the snapshots in ({@code from}, {@code to}] as lakeops reads it ({@code
   * planIncremental}): each key's records in order, keys sorted.
   */
  Map<String, List<String>> lakeopsChangelog(long from, long to) {
    Table table = ours.refresh();
    return byKey(table.newRead().readAll(table.newScan().planIncremental(from, to)));
  }

  /**
   * The changelog of the snapshots in ({@code from}, {@code to}] as Paimon reads it ({@code
   * incremental-between}, whose {@code auto} mode reads the changelog files).
   */
  Map<String, List<String>> paimonChangelog(long from, long to) throws Exception {
    FileStoreTable table = theirs.copy(Map.of("incremental-between", from + "," + to));
    ReadBuilder builder = table.newReadBuilder();
    return byKey(read(builder, builder.newScan().plan()));
  }

  /**
   * Paimon's streaming read from snapshot {@code from} (inclusive) up to the latest snapshot: the
   * changelog each planned snapshot adds, concatenated.
   */
  Map<String, List<String>> paimonStreamingChangelog(long from) throws Exception {
    FileStoreTable table =
        theirs.copy(Map.of("scan.mode", "from-snapshot", "scan.snapshot-id", Long.toString(from)));
    ReadBuilder builder = table.newReadBuilder();
    StreamTableScan scan = builder.newStreamScan();
    List<Row> rows = new ArrayList<>();
    long latest = latest();
    for (int plans = 0; plans < 1000; plans++) {
      TableScan.Plan plan = scan.plan();
      rows.addAll(read(builder, plan));
      Long next = scan.checkpoint();
      if (next != null && next > latest) {
        break;
      }
    }
    return byKey(rows);
  }

  private List<Row> read(ReadBuilder builder, TableScan.Plan plan) throws Exception {
    List<Row> rows = new ArrayList<>();
    try (RecordReader<InternalRow> reader = builder.newRead().createReader(plan)) {
      reader.forEachRemaining(r -> rows.add(DataFileValues.fromPaimonWithKind(r, rowType)));
    }
    return rows;
  }

  /** The rows each engine reads at the latest snapshot, canonical. */
  List<String> lakeopsRows() {
    Table table = ours.refresh();
    return PaimonReads.canonical(table.newRead().readAll(table.newScan().plan()));
  }

  List<String> paimonRows() throws Exception {
    return PaimonReads.read(theirs, Map.of(), rowType);
  }

  /** Each key's rows in the order read, keys sorted. */
  static Map<String, List<String>> byKey(List<Row> rows) {
    Map<String, List<String>> out = new TreeMap<>();
    for (Row r : rows) {
      out.computeIfAbsent(key(r), k -> new ArrayList<>()).add(r.toString());
    }
    return out;
  }

  /**
   * What lakeops and Paimon keep of a key-value table: the latest row per key, and the changelog
   * each producer should give for a commit.
   */
  static final class Model {
    private final Map<String, Row> rows = new TreeMap<>();

    /**
     * Applies one commit's rows; returns its expected changelog: with {@code input} every row of
     * the commit per key, in order; with {@code full-compaction} the difference between each
     * written key's row before and after (an update to an equal value still gives -U/+U:
     * row-deduplicate is off).
     */
    Map<String, List<String>> apply(String producer, List<Row> commit) {
      return apply(producer, commit, false);
    }

    /**
     * {@link #apply(String, List)}; with {@code rowDeduplicate} an update to an equal value gives
     * nothing ({@code changelog-producer.row-deduplicate}).
     */
    Map<String, List<String>> apply(String producer, List<Row> commit, boolean rowDeduplicate) {
      Map<String, Row> before = new LinkedHashMap<>();
      Map<String, List<String>> input = new TreeMap<>();
      for (Row r : commit) {
        String k = key(r);
        if (!before.containsKey(k)) {
          before.put(k, rows.get(k));
        }
        input.computeIfAbsent(k, x -> new ArrayList<>()).add(r.toString());
        if (r.kind().isAdd()) {
          rows.put(k, r.withKind(RowKind.INSERT));
        } else {
          rows.remove(k);
        }
      }
      if (producer.equals("input")) {
        return input;
      }
      Map<String, List<String>> full = new TreeMap<>();
      for (Map.Entry<String, Row> e : before.entrySet()) {
        Row old = e.getValue();
        Row now = rows.get(e.getKey());
        List<String> changes = new ArrayList<>();
        if (old == null && now != null) {
          changes.add(now.toString());
        } else if (old != null && now == null) {
          changes.add(old.withKind(RowKind.DELETE).toString());
        } else if (old != null && !(rowDeduplicate && old.equals(now))) {
          changes.add(old.withKind(RowKind.UPDATE_BEFORE).toString());
          changes.add(now.withKind(RowKind.UPDATE_AFTER).toString());
        }
        if (!changes.isEmpty()) {
          full.put(e.getKey(), changes);
        }
      }
      return full;
    }

    List<String> rows() {
      return PaimonReads.canonical(new ArrayList<>(rows.values()));
    }
  }
}
