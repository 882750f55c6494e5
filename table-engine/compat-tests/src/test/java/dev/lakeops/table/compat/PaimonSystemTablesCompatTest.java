package dev.lakeops.table.compat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.io.LocalFileIO;
import dev.lakeops.table.read.ScanTarget;
import dev.lakeops.table.system.SystemTableRows;
import dev.lakeops.table.system.SystemTables;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataField;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TimeZone;
import java.util.stream.Stream;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.consumer.Consumer;
import org.apache.paimon.consumer.ConsumerManager;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.Table;
import org.apache.paimon.table.source.ReadBuilder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every lakeops system table equals Paimon 1.3.1's {@code table$name}, column by column and value
 * by value, for each table Paimon wrote, at the latest snapshot, at an older snapshot and at a tag.
 *
 * <p>Nothing is excluded. Three columns depend on the local time zone ({@code
 * $snapshots.commit_time}, {@code $schemas.update_time}, {@code $tags.commit_time}: epoch
 * milliseconds shown as wall time); they agree because both engines use the zone they are given,
 * and the JVM default zone is set to UTC+8 here so that a mix-up with UTC would show.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PaimonSystemTablesCompatTest {

  private static final ZoneId ZONE = ZoneId.of("Asia/Shanghai");

  @TempDir static Path dir;

  private PaimonWarehouse warehouse;
  private TimeZone originalZone;

  @BeforeAll
  void writeTablesWithPaimon() throws Exception {
    originalZone = TimeZone.getDefault();
    TimeZone.setDefault(TimeZone.getTimeZone(ZONE));
    warehouse = PaimonWarehouse.create(dir);
    for (String table : PaimonWarehouse.allTables()) {
      FileStoreTable paimon = warehouse.table(table);
      ConsumerManager consumers = new ConsumerManager(paimon.fileIO(), paimon.location());
      consumers.resetConsumer("etl-job", new Consumer(2));
      consumers.resetConsumer("audit", new Consumer(1));
      if (paimon.tagManager().allTagNames().isEmpty()) {
        paimon.createTag("first", 1);
      }
    }
  }

  @AfterAll
  void restoreZone() {
    TimeZone.setDefault(originalZone);
  }

  Stream<Arguments> tablesAndSystemTables() {
    return PaimonWarehouse.allTables().stream()
        .flatMap(t -> SystemTables.names().stream().map(s -> Arguments.of(t, s)));
  }

  @ParameterizedTest(name = "{0}${1}")
  @MethodSource("tablesAndSystemTables")
  void equalsPaimonsSystemTableAtTheLatestSnapshot(String table, String systemTable)
      throws Exception {
    SystemTableRows ours = ours(table, systemTable, ScanTarget.LATEST);

    assertSame(ours, paimon(table, systemTable, Map.of()));
    assertThat(ours.rows()).as("rows of %s$%s", table, systemTable).isNotEmpty();
  }

  Stream<Arguments> perSnapshotTables() {
    return PaimonWarehouse.allTables().stream()
        .flatMap(t -> Stream.of("files", "manifests", "partitions").map(s -> Arguments.of(t, s)));
  }

  @ParameterizedTest(name = "{0}${1}")
  @MethodSource("perSnapshotTables")
  void equalsPaimonsSystemTableAtAnOlderSnapshotAndAtATag(String table, String systemTable)
      throws Exception {
    assertSame(
        ours(table, systemTable, new ScanTarget.SnapshotId(1)),
        paimon(table, systemTable, Map.of("scan.snapshot-id", "1")));

    String tag = tagOf(table);
    assertSame(
        ours(table, systemTable, new ScanTarget.TagName(tag)),
        paimon(table, systemTable, Map.of("scan.tag-name", tag)));
  }

  /**
   * Paimon 1.3.1's {@code $buckets} ignores {@code scan.snapshot-id} and {@code scan.tag-name} (it
   * always shows the latest snapshot), so at older snapshots lakeops' {@code $buckets} is checked
   * against Paimon's {@code $files} at that snapshot, summed per bucket.
   */
  @ParameterizedTest
  @MethodSource("tables")
  void sumsPaimonsFilesPerBucketAtAnOlderSnapshotAndAtATag(String table) throws Exception {
    for (Map<String, String> at :
        List.of(Map.of("scan.snapshot-id", "1"), Map.of("scan.tag-name", tagOf(table)))) {
      ScanTarget selector =
          at.containsKey("scan.snapshot-id")
              ? new ScanTarget.SnapshotId(1)
              : new ScanTarget.TagName(tagOf(table));
      SystemTableRows files = ours(table, "files", selector);
      List<List<Object>> theirFiles = read(paimon(table, "files", at), files.rowType().fields());
      Map<List<Object>, List<Object>> sums =
          new java.util.TreeMap<>(Comparator.comparing(Object::toString));
      for (List<Object> f : theirFiles) {
        // partition, bucket | record_count (6), file_size_in_bytes (7), creation_time (15)
        sums.merge(
            List.of(f.get(0), f.get(1)),
            Arrays.asList(f.get(6), f.get(7), 1L, f.get(15)),
            (a, b) ->
                Arrays.asList(
                    (Long) a.get(0) + (Long) b.get(0),
                    (Long) a.get(1) + (Long) b.get(1),
                    (Long) a.get(2) + (Long) b.get(2),
                    ((java.time.LocalDateTime) a.get(3)).isAfter((java.time.LocalDateTime) b.get(3))
                        ? a.get(3)
                        : b.get(3)));
      }
      List<List<Object>> expected = new ArrayList<>();
      sums.forEach(
          (k, v) -> {
            List<Object> row = new ArrayList<>(k);
            row.addAll(v);
            expected.add(row);
          });

      List<List<Object>> actual =
          ours(table, "buckets", selector).rows().stream()
              .map(PaimonSystemTablesCompatTest::values)
              .toList();
      assertThat(sorted(actual)).as("$buckets at %s", at).isEqualTo(sorted(expected));
    }
  }

  List<String> tables() {
    return PaimonWarehouse.allTables();
  }

  private static String tagOf(String table) {
    if (table.equals(PaimonWarehouse.APPEND_DELETION_VECTORS)) {
      return "after-deletes";
    }
    return table.startsWith("pk_")
        ? "plain"
        : table.startsWith("log_") ? "after-overwrite" : "first";
  }

  @Test
  void showsNestedTypesAndEveryAtomicTypeFamilyInTheSchemasTableAsPaimonDoes() throws Exception {
    assertSame(
        ours(PaimonWarehouse.NESTED, "schemas", ScanTarget.LATEST),
        paimon(PaimonWarehouse.NESTED, "schemas", Map.of()));
  }

  @Test
  void showsNoFilesForATableWithoutSnapshotsAsPaimonDoes() throws Exception {
    for (String systemTable : List.of("snapshots", "files", "manifests", "partitions", "buckets")) {
      SystemTableRows ours = ours(PaimonWarehouse.NESTED, systemTable, ScanTarget.LATEST);
      assertSame(ours, paimon(PaimonWarehouse.NESTED, systemTable, Map.of()));
      assertThat(ours.rows()).isEmpty();
      assertThat(ours.snapshotId()).isEmpty();
    }
  }

  private SystemTableRows ours(String table, String systemTable, ScanTarget at) {
    return SystemTables.read(
        dev.lakeops.table.Table.load(new LocalFileIO(), warehouse.tableDir(table)),
        "$" + systemTable,
        at,
        ZONE);
  }

  private Table paimon(String table, String systemTable, Map<String, String> options)
      throws Exception {
    Table t = warehouse.catalog.getTable(Identifier.create("db", table + "$" + systemTable));
    return options.isEmpty() ? t : t.copy(options);
  }

  private static void assertSame(SystemTableRows ours, Table theirs) throws Exception {
    List<String> theirColumns =
        theirs.rowType().getFields().stream()
            .map(f -> f.id() + " " + f.name() + " " + f.type().asSQLString())
            .toList();
    List<String> ourColumns =
        ours.rowType().fields().stream()
            .map(f -> f.id() + " " + f.name() + " " + f.type().asSql())
            .toList();
    assertThat(ourColumns).as("columns of $%s", ours.name()).isEqualTo(theirColumns);

    List<List<Object>> expected = sorted(read(theirs, ours.rowType().fields()));
    List<List<Object>> actual =
        sorted(ours.rows().stream().map(PaimonSystemTablesCompatTest::values).toList());
    assertThat(actual).as("rows of $%s", ours.name()).isEqualTo(expected);
  }

  private static List<List<Object>> read(Table table, List<DataField> fields) throws Exception {
    ReadBuilder builder = table.newReadBuilder();
    List<List<Object>> rows = new ArrayList<>();
    try (RecordReader<InternalRow> reader =
        builder.newRead().createReader(builder.newScan().plan())) {
      var iterator = reader.toCloseableIterator();
      while (iterator.hasNext()) {
        InternalRow row = iterator.next();
        List<Object> values = new ArrayList<>();
        for (int i = 0; i < fields.size(); i++) {
          values.add(row.isNullAt(i) ? null : value(row, i, (AtomicType) fields.get(i).type()));
        }
        rows.add(values);
      }
    }
    return rows;
  }

  private static Object value(InternalRow row, int i, AtomicType type) {
    return switch (type.root()) {
      case BIGINT -> row.getLong(i);
      case INT -> row.getInt(i);
      case VARCHAR -> row.getString(i).toString();
      case TIMESTAMP -> row.getTimestamp(i, type.precision()).toLocalDateTime();
      default -> throw new IllegalArgumentException("Unexpected system table type " + type.asSql());
    };
  }

  private static List<List<Object>> sorted(List<List<Object>> rows) {
    List<List<Object>> copy = new ArrayList<>();
    for (List<Object> row : rows) {
      copy.add(new ArrayList<>(row));
    }
    copy.sort(Comparator.comparing(Object::toString));
    return copy;
  }

  private static List<Object> values(Row row) {
    return Arrays.asList(row.values());
  }
}
