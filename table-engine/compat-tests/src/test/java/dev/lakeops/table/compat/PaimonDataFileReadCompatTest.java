package dev.lakeops.table.compat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.format.DataFileFormat;
import dev.lakeops.table.format.DataFileReader;
import dev.lakeops.table.format.KeyValue;
import dev.lakeops.table.format.KeyValueLayout;
import dev.lakeops.table.format.ValueOrder;
import dev.lakeops.table.formats.DataFileFormats;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Paimon writes, lakeops reads: every data file Paimon 1.3.1 produced for a partitioned primary-key
 * table and for an append table, in Parquet and in Avro, decodes to exactly the rows of the commit
 * that wrote it.
 */
class PaimonDataFileReadCompatTest {

  private static final String DAY1 = "2024-01-01";
  private static final String DAY2 = "2024-01-02";

  @TempDir Path warehouse;

  @ParameterizedTest
  @ValueSource(strings = {"parquet", "avro"})
  void readsTheKeyValuesOfEveryPrimaryKeyDataFile(String format) throws Exception {
    Schema schema =
        Schema.newBuilder()
            .column("dt", DataTypes.STRING())
            .column("id", DataTypes.INT())
            .column("name", DataTypes.STRING())
            .column("price", DataTypes.DOUBLE())
            .column("amount", DataTypes.DECIMAL(12, 2))
            .column("ts", DataTypes.TIMESTAMP(6))
            .column("tags", DataTypes.ARRAY(DataTypes.STRING()))
            .column("attrs", DataTypes.MAP(DataTypes.STRING().notNull(), DataTypes.INT()))
            .column(
                "loc",
                DataTypes.ROW(
                    DataTypes.FIELD(0, "lat", DataTypes.DOUBLE()),
                    DataTypes.FIELD(1, "lon", DataTypes.DOUBLE())))
            .partitionKeys("dt")
            .primaryKey("dt", "id")
            .option("bucket", "2")
            .option("file.format", format)
            .build();
    List<List<Row>> commits =
        List.of(
            List.of(
                order(RowKind.INSERT, DAY1, 1),
                order(RowKind.INSERT, DAY1, 2),
                order(RowKind.INSERT, DAY1, 3),
                order(RowKind.INSERT, DAY1, 4),
                order(RowKind.INSERT, DAY1, 5),
                order(RowKind.INSERT, DAY2, 1),
                order(RowKind.INSERT, DAY2, 2),
                order(RowKind.INSERT, DAY2, 3)),
            List.of(
                order(RowKind.UPDATE_AFTER, DAY1, 2),
                order(RowKind.DELETE, DAY1, 3),
                order(RowKind.INSERT, DAY2, 6),
                order(RowKind.UPDATE_AFTER, DAY2, 1)),
            List.of(
                order(RowKind.DELETE, DAY2, 1),
                order(RowKind.UPDATE_AFTER, DAY1, 5),
                order(RowKind.INSERT, DAY1, 7)));

    try (DataFileOracle paimon = DataFileOracle.create(warehouse, "orders", schema)) {
      KeyValueLayout layout = KeyValueLayout.standard(paimon.rowType(), List.of("id"));
      // (bucket directory) -> sequence numbers read, in the order the rows were written
      Map<Path, List<Long>> sequencesByBucket = new HashMap<>();
      for (List<Row> ops : commits) {
        List<Path> added = paimon.commit(ops);
        List<Row> values = new ArrayList<>();
        Map<Row, Long> sequenceOfOp = new HashMap<>();
        for (Path file : added) {
          DataFileFormat fileFormat = DataFileFormats.forPath(file);
          assertThat(fileFormat.identifier()).isEqualTo(format);
          List<KeyValue> kvs = readKeyValues(fileFormat, file, layout);
          assertSortedWithOneRowPerKey(kvs, layout);
          String partition = file.getParent().getParent().getFileName().toString();
          for (KeyValue kv : kvs) {
            assertThat(kv.key()).isEqualTo(Row.of(kv.value().get(1)));
            assertThat(kv.valueKind()).isEqualTo(kv.value().kind());
            assertThat(partition).isEqualTo("dt=" + kv.value().get(0));
            values.add(kv.value());
            sequenceOfOp.put(kv.value(), kv.sequenceNumber());
          }
        }
        assertThat(values).containsExactlyInAnyOrderElementsOf(ops);
        for (Row op : ops) {
          Path bucket =
              added.stream()
                  .filter(
                      f ->
                          readKeyValues(DataFileFormats.forPath(f), f, layout).stream()
                              .anyMatch(kv -> kv.value().equals(op)))
                  .findFirst()
                  .orElseThrow()
                  .getParent();
          sequencesByBucket
              .computeIfAbsent(bucket, b -> new ArrayList<>())
              .add(sequenceOfOp.get(op));
        }
      }
      // Each bucket numbers its rows 0, 1, 2, ... in write order, across commits.
      assertThat(sequencesByBucket).hasSize(4);
      sequencesByBucket
          .values()
          .forEach(
              sequences ->
                  assertThat(sequences)
                      .isEqualTo(
                          java.util.stream.LongStream.range(0, sequences.size()).boxed().toList()));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"parquet", "avro"})
  void readsThinModeFilesThatHaveNoKeyColumns(String format) throws Exception {
    Schema schema =
        Schema.newBuilder()
            .column("id", DataTypes.BIGINT().notNull())
            .column("name", DataTypes.STRING())
            .primaryKey("id")
            .option("bucket", "1")
            .option("file.format", format)
            .option("data-file.thin-mode", "true")
            .build();
    List<Row> ops = List.of(Row.of(2L, "b"), Row.of(1L, "a"), Row.ofKind(RowKind.DELETE, 3L, null));

    try (DataFileOracle paimon = DataFileOracle.create(warehouse, "thin", schema)) {
      List<Path> added = paimon.commit(ops);
      assertThat(added).hasSize(1);
      DataFileFormat fileFormat = DataFileFormats.forPath(added.get(0));
      KeyValueLayout layout = KeyValueLayout.standard(paimon.rowType(), List.of("id"));

      assertThat(fileFormat.readFieldNames(added.get(0)))
          .containsExactly("_SEQUENCE_NUMBER", "_VALUE_KIND", "id", "name");
      assertThat(layout.matching(fileFormat.readFieldNames(added.get(0))).isThin()).isTrue();
      assertThat(readKeyValues(fileFormat, added.get(0), layout))
          .containsExactly(
              new KeyValue(Row.of(1L), 1, RowKind.INSERT, Row.of(1L, "a")),
              new KeyValue(Row.of(2L), 0, RowKind.INSERT, Row.of(2L, "b")),
              new KeyValue(Row.of(3L), 2, RowKind.DELETE, Row.ofKind(RowKind.DELETE, 3L, null)));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"parquet", "avro"})
  void readsTheRowsOfEveryAppendDataFile(String format) throws Exception {
    Schema schema =
        Schema.newBuilder()
            .column("dt", DataTypes.STRING())
            .column("id", DataTypes.BIGINT())
            .column("note", DataTypes.STRING())
            .column("scores", DataTypes.ARRAY(DataTypes.INT()))
            .partitionKeys("dt")
            .option("file.format", format)
            .build();
    List<List<Row>> commits =
        List.of(
            List.of(
                event(DAY1, 3, "c"),
                event(DAY2, 1, null),
                event(DAY1, 1, "a"),
                event(DAY1, 2, "héllo")),
            List.of(event(DAY2, 9, ""), event(DAY2, 8, "x")));

    try (DataFileOracle paimon = DataFileOracle.create(warehouse, "events", schema)) {
      for (List<Row> ops : commits) {
        List<Path> added = paimon.commit(ops);
        assertThat(added).hasSize((int) ops.stream().map(r -> r.get(0)).distinct().count());
        for (Path file : added) {
          DataFileFormat fileFormat = DataFileFormats.forPath(file);
          assertThat(fileFormat.readFieldNames(file)).isEqualTo(paimon.rowType().fieldNames());
          String day =
              file.getParent().getParent().getFileName().toString().substring("dt=".length());
          List<Row> expected = ops.stream().filter(r -> r.get(0).equals(day)).toList();
          assertThat(read(fileFormat, file, paimon.rowType())).containsExactlyElementsOf(expected);
        }
      }
    }
  }

  private static Row order(RowKind kind, String day, int id) {
    return Row.ofKind(
        kind,
        day,
        id,
        "item-" + id + "-" + kind.shortString() + "-é",
        id * 1.25,
        new BigDecimal(id + "0.05"),
        LocalDateTime.of(2024, 1, id, 10, 30, 0, id * 1000),
        id % 3 == 0 ? null : Arrays.asList("t" + id, null),
        id % 2 == 0 ? Map.of("k" + id, id) : Map.of(),
        id % 4 == 0 ? null : Row.of(id * 0.5, null));
  }

  private static Row event(String day, long id, String note) {
    return Row.of(day, id, note, id % 2 == 0 ? List.of() : Arrays.asList((int) id, null));
  }

  private static List<KeyValue> readKeyValues(
      DataFileFormat format, Path file, KeyValueLayout layout) {
    KeyValueLayout fileLayout = layout.matching(format.readFieldNames(file));
    List<KeyValue> kvs = new ArrayList<>();
    for (Row row : read(format, file, fileLayout.fileType())) {
      kvs.add(fileLayout.fromFileRow(row));
    }
    return kvs;
  }

  private static List<Row> read(
      DataFileFormat format, Path file, dev.lakeops.table.types.RowType type) {
    List<Row> rows = new ArrayList<>();
    try (DataFileReader reader = format.createReader(file, type, null)) {
      reader.forEachRemaining(rows::add);
    }
    return rows;
  }

  private static void assertSortedWithOneRowPerKey(List<KeyValue> kvs, KeyValueLayout layout) {
    var order = ValueOrder.rows(layout.keyType());
    for (int i = 1; i < kvs.size(); i++) {
      assertThat(order.compare(kvs.get(i - 1).key(), kvs.get(i).key()))
          .as("keys ascend strictly")
          .isNegative();
    }
  }
}
