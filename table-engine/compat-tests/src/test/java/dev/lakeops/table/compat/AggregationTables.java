package dev.lakeops.table.compat;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.catalog.TableDefinition;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.types.ArrayType;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.DataType;
import dev.lakeops.table.types.MapType;
import dev.lakeops.table.types.RowType;
import dev.lakeops.table.types.TypeRoot;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.options.Options;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.source.ReadBuilder;

/**
 * An {@code aggregation} table with every aggregate function lakeops implements over most column
 * types, the same definition for lakeops and for Paimon, a scripted workload (inserts, {@code
 * -U/+U} pairs, {@code -D}s, nulls, a lone {@code -D} of a key never written) and a canonical form
 * of its rows: the order of a distinct collect, of a map and of a keyed nested_update is a hash
 * order in Paimon and carries no meaning, so those values are sorted.
 */
final class AggregationTables {

  private AggregationTables() {}

  static final RowType ITEM =
      new RowType(
          true,
          List.of(
              new DataField(100, "k", AtomicType.of(TypeRoot.INT)),
              new DataField(101, "v", AtomicType.string())));

  /** Column name, type, function and extra field options. */
  record Column(String name, DataType type, String function, Map<String, String> options) {}

  static final List<Column> COLUMNS =
      List.of(
          new Column("id", AtomicType.of(TypeRoot.INT), "primary-key", Map.of()),
          new Column("total", AtomicType.of(TypeRoot.BIGINT), "sum", Map.of()),
          new Column("amount", AtomicType.decimal(12, 2), "sum", Map.of()),
          new Column("ratio", AtomicType.of(TypeRoot.DOUBLE), "product", Map.of()),
          new Column("small", AtomicType.of(TypeRoot.TINYINT), "sum", Map.of()),
          new Column("qty", AtomicType.of(TypeRoot.SMALLINT), "product", Map.of()),
          new Column("hi", AtomicType.of(TypeRoot.INT), "max", ignoreRetract()),
          new Column("lo", AtomicType.of(TypeRoot.DATE), "min", ignoreRetract()),
          new Column("seen", AtomicType.timestamp(3), "max", ignoreRetract()),
          new Column("name", AtomicType.string(), "last_value", Map.of()),
          new Column("note", AtomicType.string(), "", Map.of()),
          new Column("first", AtomicType.string(), "first_value", ignoreRetract()),
          new Column("firstnn", AtomicType.string(), "first_non_null_value", ignoreRetract()),
          new Column(
              "names",
              AtomicType.string(),
              "listagg",
              Map.of("ignore-retract", "true", "list-agg-delimiter", ";")),
          new Column("allok", AtomicType.of(TypeRoot.BOOLEAN), "bool_and", ignoreRetract()),
          new Column("anyok", AtomicType.of(TypeRoot.BOOLEAN), "bool_or", ignoreRetract()),
          new Column("tags", new ArrayType(true, AtomicType.string()), "collect", Map.of()),
          new Column(
              "utags",
              new ArrayType(true, AtomicType.of(TypeRoot.INT)),
              "collect",
              Map.of("distinct", "true")),
          new Column(
              "attrs",
              new MapType(true, AtomicType.string(), AtomicType.of(TypeRoot.INT)),
              "merge_map",
              Map.of()),
          new Column(
              "items", new ArrayType(true, ITEM), "nested_update", Map.of("nested-key", "k")),
          new Column("blob", AtomicType.bytes(), "min", ignoreRetract()),
          new Column("f", AtomicType.of(TypeRoot.FLOAT), "sum", Map.of()));

  /** Columns whose values are sets or maps: compared sorted. */
  private static final Set<String> UNORDERED = Set.of("utags", "attrs", "items");

  private static Map<String, String> ignoreRetract() {
    return Map.of("ignore-retract", "true");
  }

  static Map<String, String> options(String format, Map<String, String> extra) {
    Map<String, String> options = new LinkedHashMap<>();
    options.put("bucket", "2");
    options.put("file.format", format);
    options.put("merge-engine", "aggregation");
    // explicit compactions only, at the same steps in every warehouse
    options.put("num-sorted-run.compaction-trigger", "20");
    for (Column c : COLUMNS) {
      if (!c.function().isEmpty() && !c.function().equals("primary-key")) {
        options.put("fields." + c.name() + ".aggregate-function", c.function());
      }
      c.options().forEach((k, v) -> options.put("fields." + c.name() + "." + k, v));
    }
    options.putAll(extra);
    return options;
  }

  static RowType rowType() {
    List<DataField> fields = new ArrayList<>();
    for (int i = 0; i < COLUMNS.size(); i++) {
      DataType type = COLUMNS.get(i).type();
      fields.add(new DataField(i, COLUMNS.get(i).name(), i == 0 ? type.withNullable(false) : type));
    }
    return RowType.of(fields);
  }

  static Table createLakeops(Path warehouse, String name, Map<String, String> options) {
    Catalog catalog = Catalog.local(warehouse);
    catalog.createDatabaseIfNotExists("db");
    TableDefinition.Builder b = TableDefinition.builder();
    for (Column c : COLUMNS) {
      b.column(c.name(), c.type());
    }
    return catalog.createTable(
        Identifier.of("db", name), b.primaryKey("id").options(options).build());
  }

  static FileStoreTable createPaimon(Path warehouse, String name, Map<String, String> options)
      throws Exception {
    var catalog = paimonCatalog(warehouse);
    catalog.createDatabase("db", true);
    Schema.Builder schema = Schema.newBuilder();
    for (Column c : COLUMNS) {
      schema.column(c.name(), DataFileValues.toPaimonType(c.type()));
    }
    schema.primaryKey("id").options(options);
    catalog.createTable(
        org.apache.paimon.catalog.Identifier.create("db", name), schema.build(), false);
    return paimonTable(warehouse, name);
  }

  static FileStoreTable paimonTable(Path warehouse, String name) throws Exception {
    return (FileStoreTable)
        paimonCatalog(warehouse).getTable(org.apache.paimon.catalog.Identifier.create("db", name));
  }

  private static org.apache.paimon.catalog.Catalog paimonCatalog(Path warehouse) {
    Options options = new Options();
    options.set("warehouse", warehouse.toUri().toString());
    return CatalogFactory.createCatalog(CatalogContext.create(options));
  }

  /** The row of key {@code id} for step {@code n}: deterministic values, nulls in places. */
  static Row row(RowKind kind, int id, int n) {
    return Row.ofKind(
        kind,
        id,
        (long) n * 10 + id,
        BigDecimal.valueOf(n * 125L + id, 2),
        1.0 + (n % 3) * 0.5,
        (byte) (n * 50),
        (short) (n % 4 + 1),
        n % 6 == 5 ? null : n * 7 % 13,
        LocalDate.of(2024, 1, 1).plusDays(n * 3 % 11),
        LocalDateTime.of(2024, 1, 1, 0, 0)
            .plusSeconds(n * 97L % 1000)
            .plusNanos(n % 3 * 1_000_000L),
        n % 4 == 0 ? null : "name-" + n,
        n % 3 == 0 ? null : "note-" + n,
        n % 2 == 0 ? null : "f" + n,
        n % 2 == 0 ? null : "fnn" + n,
        n % 5 == 0 ? null : "n" + (n % 3),
        n % 6 == 0 ? null : n % 7 != 0,
        n % 5 == 0,
        n % 4 == 3
            ? null
            : n % 5 == 1 ? Arrays.asList("t", null) : List.of("t" + n % 3, "t" + n % 2),
        List.of(n % 3, n % 4, n % 3),
        n % 7 == 6 ? null : map("a", n, "k" + n % 3, n * 2),
        List.of(Row.of(n % 3, "v" + n), Row.of(10 + n % 2, "w" + n)),
        n % 8 == 7 ? null : new byte[] {(byte) n, (byte) (n * 31)},
        n * 0.25f);
  }

  private static Map<String, Integer> map(String k1, int v1, String k2, int v2) {
    Map<String, Integer> m = new LinkedHashMap<>();
    m.put(k1, v1);
    m.put(k2, v2);
    return m;
  }

  /** One commit of the scripted workload; {@code compact} = full compaction, no rows. */
  record Step(List<Row> rows, boolean compact) {}

  static List<Step> script() {
    return List.of(
        new Step(
            List.of(
                row(RowKind.INSERT, 1, 1),
                row(RowKind.INSERT, 2, 2),
                row(RowKind.INSERT, 3, 0),
                row(RowKind.INSERT, 4, 4),
                row(RowKind.INSERT, 5, 5),
                row(RowKind.INSERT, 6, 6),
                row(RowKind.INSERT, 6, 7)),
            false),
        new Step(
            List.of(
                row(RowKind.INSERT, 1, 8),
                row(RowKind.UPDATE_BEFORE, 2, 2),
                row(RowKind.UPDATE_AFTER, 2, 9),
                row(RowKind.DELETE, 5, 5),
                row(RowKind.INSERT, 3, 10),
                row(RowKind.DELETE, 50, 3)),
            false),
        new Step(
            List.of(
                row(RowKind.INSERT, 4, 11), row(RowKind.INSERT, 1, 12), row(RowKind.INSERT, 7, 13)),
            false),
        new Step(List.of(), true),
        new Step(
            List.of(
                row(RowKind.INSERT, 1, 14),
                row(RowKind.UPDATE_BEFORE, 4, 11),
                row(RowKind.UPDATE_AFTER, 4, 15),
                row(RowKind.DELETE, 7, 13),
                row(RowKind.INSERT, 2, 16),
                row(RowKind.DELETE, 6, 7)),
            false),
        new Step(List.of(row(RowKind.INSERT, 8, 17), row(RowKind.DELETE, 8, 17)), false));
  }

  /** Rows Paimon reads with {@code options}, canonical. */
  static List<String> paimonRead(FileStoreTable table, Map<String, String> options)
      throws Exception {
    org.apache.paimon.table.Table t = options.isEmpty() ? table : table.copy(options);
    RowType type = DataFileValues.fromPaimon(table.rowType());
    ReadBuilder builder = t.newReadBuilder();
    List<Row> rows = new ArrayList<>();
    try (RecordReader<InternalRow> reader =
        builder.newRead().createReader(builder.newScan().plan())) {
      reader.forEachRemaining(row -> rows.add(DataFileValues.fromPaimonWithKind(row, type)));
    }
    return canonical(rows);
  }

  static List<String> lakeopsRead(Table table, long snapshot) {
    return canonical(table.newRead().readAll(table.newScan().withSnapshot(snapshot).plan()));
  }

  static List<String> lakeopsRead(Table table) {
    return canonical(table.newRead().readAll(table.newScan().plan()));
  }

  /** Rows as strings, sorted; set- and map-valued columns sorted within. */
  static List<String> canonical(List<Row> rows) {
    List<String> out = new ArrayList<>();
    for (Row r : rows) {
      Object[] values = r.values();
      for (int i = 0; i < values.length && i < COLUMNS.size(); i++) {
        if (values[i] != null && UNORDERED.contains(COLUMNS.get(i).name())) {
          values[i] = sorted(values[i]);
        }
      }
      out.add(Row.ofKind(r.kind(), values).toString());
    }
    out.sort(Comparator.naturalOrder());
    return out;
  }

  private static String sorted(Object value) {
    if (value instanceof Map<?, ?> m) {
      TreeMap<String, String> entries = new TreeMap<>();
      m.forEach((k, v) -> entries.put(String.valueOf(k), String.valueOf(v)));
      return entries.toString();
    }
    List<String> items = new ArrayList<>();
    for (Object o : (List<?>) value) {
      items.add(String.valueOf(o));
    }
    items.sort(Comparator.naturalOrder());
    return items.toString();
  }
}
