package dev.lakeops.table.compat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.read.ScanTarget;
import dev.lakeops.table.system.SystemTableRows;
import dev.lakeops.table.system.SystemTables;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataField;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TimeZone;
import java.util.stream.Stream;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.Table;
import org.apache.paimon.table.source.ReadBuilder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
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
 *
 * <p>It runs on every {@link CompatStore selected store} (the local disk, S3Proxy, MiniDFSCluster):
 * {@code $files.file_path} is then the store's URI in both engines.
 */
@ParameterizedClass(name = "on {0}")
@MethodSource("dev.lakeops.table.compat.CompatStore#selected")
@ExtendWith(CompatStoreServers.class)
class PaimonSystemTablesCompatTest {

  private static final ZoneId ZONE = ZoneId.of("Asia/Shanghai");

  private static TimeZone originalZone;

  @Parameter CompatStore store;
  private PaimonWarehouse warehouse;

  @BeforeAll
  static void setZone() {
    originalZone = TimeZone.getDefault();
    TimeZone.setDefault(TimeZone.getTimeZone(ZONE));
  }

  @AfterAll
  static void restoreZone() {
    TimeZone.setDefault(originalZone);
  }

  /**
   * Paimon writes the tables once per store and JVM, with two consumers and a tag on each table,
   * shared with {@link LakeopsReadsPaimonTablesCompatTest}.
   */
  @BeforeEach
  void writeTablesWithPaimon() throws Exception {
    warehouse = SharedPaimonWarehouses.on(store);
  }

  static Stream<Arguments> tablesAndSystemTables() {
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

  static Stream<Arguments> perSnapshotTables() {
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
      List<List<Object>> theirFiles = rows(paimon(table, "files", at), files.rowType().fields());
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

  static List<String> tables() {
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
    return SystemTables.read(warehouse.lakeops(table), "$" + systemTable, at, ZONE);
  }

  /**
   * On Paimon 1.3+ lakeops' {@code $files} equals Paimon's as Paimon shows it; Paimon 1.2 leaves
   * the level-0 files of a deletion-vector or first-row table out of {@code $files} and {@code
   * $partitions} (its batch scan skips level 0 there; release-1.3 made both system tables list
   * every level), while lakeops lists them all as 1.3 does: on 1.2 Paimon's rows are lakeops' rows
   * above level 0. Snapshot 1 of a deletion-vector table is level-0 files only.
   */
  @Test
  void listsLevel0FilesOfADeletionVectorTableAsPaimon13DoesAndAs12DoesNot() throws Exception {
    String table = PaimonWarehouse.DELETION_VECTORS;
    SystemTableRows ours = ours(table, "files", new ScanTarget.SnapshotId(1));
    List<List<Object>> all =
        ours.rows().stream().map(PaimonSystemTablesCompatTest::values).toList();
    assertThat(all).isNotEmpty().allSatisfy(r -> assertThat(r.get(FILES_LEVEL)).isEqualTo(0));
    Table theirs =
        warehouse
            .catalog
            .getTable(Identifier.create("db", table + "$files"))
            .copy(Map.of("scan.snapshot-id", "1"));
    List<List<Object>> expected =
        PaimonVersion.atLeast(1, 3)
            ? all
            : all.stream().filter(r -> (Integer) r.get(FILES_LEVEL) > 0).toList();
    assertThat(sorted(read(theirs, ours.rowType().fields(), null))).isEqualTo(sorted(expected));
  }

  /** The column {@code level} of {@code $files}. */
  private static final int FILES_LEVEL = 5;

  /**
   * A Paimon system table of {@code base}, and whether this Paimon hides level-0 files in it (see
   * {@link #listsLevel0FilesOfADeletionVectorTableAsPaimon13DoesAndAs12DoesNot}).
   */
  private record Theirs(
      Table table,
      String base,
      String systemTable,
      Map<String, String> options,
      boolean hidesLevel0) {}

  private Theirs paimon(String table, String systemTable, Map<String, String> options)
      throws Exception {
    Table t = warehouse.catalog.getTable(Identifier.create("db", table + "$" + systemTable));
    boolean hidesLevel0 =
        !PaimonVersion.atLeast(1, 3)
            && warehouse.table(table).coreOptions().batchScanSkipLevel0()
            && (systemTable.equals("files") || systemTable.equals("partitions"));
    return new Theirs(
        options.isEmpty() ? t : t.copy(options), table, systemTable, options, hidesLevel0);
  }

  /**
   * Paimon's rows of a system table, every level included: where 1.2 hides level 0, {@code $files}
   * is read with the filter {@code level >= 0} (1.2 then scans with that level filter in place of
   * its skip) and {@code $partitions} is summed from those files per partition (record count, size,
   * file count, latest creation time), as 1.3's {@code $partitions} is.
   */
  private List<List<Object>> rows(Theirs theirs, List<DataField> fields) throws Exception {
    if (theirs.systemTable().equals("partitions") && PaimonVersion.partitionsTableShowsPaths()) {
      FileStoreTable base = warehouse.table(theirs.base());
      List<List<Object>> rows = new ArrayList<>();
      for (List<Object> row : read(theirs.table(), fields, null)) {
        List<Object> copy = new ArrayList<>(row);
        copy.set(
            0,
            valueList(
                (String) row.get(0),
                base.partitionKeys(),
                base.coreOptions().partitionDefaultName()));
        rows.add(copy);
      }
      return rows;
    }
    if (!theirs.hidesLevel0()) {
      return read(theirs.table(), fields, null);
    }
    Table files = paimon(theirs.base(), "files", theirs.options()).table();
    List<List<Object>> allFiles =
        read(
            files,
            SystemTables.read(warehouse.lakeops(theirs.base()), "$files", ScanTarget.LATEST, ZONE)
                .rowType()
                .fields(),
            new org.apache.paimon.predicate.PredicateBuilder(files.rowType())
                .greaterOrEqual(FILES_LEVEL, 0));
    if (theirs.systemTable().equals("files")) {
      return allFiles;
    }
    Map<Object, List<Object>> partitions =
        new java.util.TreeMap<>(Comparator.comparing(Object::toString));
    for (List<Object> f : allFiles) {
      // partition | record_count (6), file_size_in_bytes (7), file count, creation_time (15)
      partitions.merge(
          f.get(0),
          Arrays.asList(f.get(0), f.get(6), f.get(7), 1L, f.get(15)),
          (a, b) ->
              Arrays.asList(
                  a.get(0),
                  (Long) a.get(1) + (Long) b.get(1),
                  (Long) a.get(2) + (Long) b.get(2),
                  (Long) a.get(3) + (Long) b.get(3),
                  ((java.time.LocalDateTime) a.get(4)).isAfter((java.time.LocalDateTime) b.get(4))
                      ? a.get(4)
                      : b.get(4)));
    }
    assertThat(fields.stream().map(DataField::name).toList())
        .containsExactly(
            "partition", "record_count", "file_size_in_bytes", "file_count", "last_update_time");
    return new ArrayList<>(partitions.values());
  }

  /**
   * 1.4's {@code $partitions.partition} ({@code k1=v1/k2=v2}) as 1.3 and lakeops show it ({@code
   * {v1, v2}}); fails on a path that does not name exactly the table's partition keys in order.
   */
  private static String valueList(String path, List<String> keys, String defaultName) {
    if (keys.isEmpty()) {
      assertThat(path).isEmpty();
      return "{}";
    }
    String[] parts = path.split("/", -1);
    assertThat(parts).as("partition path %s", path).hasSize(keys.size());
    java.util.StringJoiner values = new java.util.StringJoiner(", ", "{", "}");
    for (int i = 0; i < parts.length; i++) {
      assertThat(parts[i]).as("partition path %s", path).startsWith(keys.get(i) + "=");
      String value = parts[i].substring(keys.get(i).length() + 1);
      values.add(value.equals(defaultName) ? "null" : value);
    }
    return values.toString();
  }

  private void assertSame(SystemTableRows ours, Theirs paimon) throws Exception {
    Table theirs = paimon.table();
    List<String> onlyTheirs =
        PaimonVersion.systemTableColumnsOnlyPaimonHas(ours.name().replaceFirst("^\\$", ""));
    List<org.apache.paimon.types.DataField> theirFields = theirs.rowType().getFields();
    assertThat(
            theirFields.subList(theirFields.size() - onlyTheirs.size(), theirFields.size()).stream()
                .map(org.apache.paimon.types.DataField::name)
                .toList())
        .as("the last columns of Paimon %s's $%s", PaimonVersion.runtime(), ours.name())
        .isEqualTo(onlyTheirs);
    List<String> theirColumns =
        theirFields.subList(0, theirFields.size() - onlyTheirs.size()).stream()
            .map(f -> f.id() + " " + f.name() + " " + f.type().asSQLString())
            .toList();
    List<String> ourColumns =
        ours.rowType().fields().stream()
            .map(f -> f.id() + " " + f.name() + " " + f.type().asSql())
            .toList();
    assertThat(ourColumns).as("columns of $%s", ours.name()).isEqualTo(theirColumns);

    List<List<Object>> expected = sorted(rows(paimon, ours.rowType().fields()));
    List<List<Object>> actual =
        sorted(ours.rows().stream().map(PaimonSystemTablesCompatTest::values).toList());
    assertThat(actual).as("rows of $%s", ours.name()).isEqualTo(expected);
  }

  private static List<List<Object>> read(
      Table table, List<DataField> fields, org.apache.paimon.predicate.Predicate filter)
      throws Exception {
    ReadBuilder builder = table.newReadBuilder();
    if (filter != null) {
      builder.withFilter(filter);
    }
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
