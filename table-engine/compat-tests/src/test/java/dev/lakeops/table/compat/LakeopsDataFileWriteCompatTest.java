package dev.lakeops.table.compat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.format.ColumnStats;
import dev.lakeops.table.format.Compression;
import dev.lakeops.table.format.DataFileFormat;
import dev.lakeops.table.format.DataFileReader;
import dev.lakeops.table.format.KeyValue;
import dev.lakeops.table.format.KeyValueFileWriter;
import dev.lakeops.table.format.KeyValueLayout;
import dev.lakeops.table.format.StatsMode;
import dev.lakeops.table.format.WrittenFile;
import dev.lakeops.table.formats.DataFileFormats;
import dev.lakeops.table.types.RowType;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.apache.avro.file.DataFileStream;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.paimon.data.BinaryArray;
import org.apache.paimon.io.DataFileMeta;
import org.apache.paimon.manifest.ManifestEntry;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.stats.SimpleStats;
import org.apache.paimon.types.DataTypes;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * lakeops writes what Paimon writes: Paimon 1.3.1 writes one primary-key data file; lakeops reads
 * its key-values and writes them again with its own writer. The two files have the same schema
 * (field names, types, logical types, Parquet field ids), decode with the plain Avro / Parquet
 * libraries to the same records, and lakeops' statistics equal the ones Paimon put in its manifest.
 */
class LakeopsDataFileWriteCompatTest {

  @TempDir Path warehouse;

  @TempDir Path out;

  @ParameterizedTest
  @ValueSource(strings = {"avro", "parquet"})
  void writesTheFilePaimonWritesWithTheSameStatistics(String format) throws Exception {
    try (DataFileOracle paimon = DataFileOracle.create(warehouse, "wide", wideSchema(format))) {
      RowType valueType = paimon.rowType();
      List<Path> added = paimon.commit(wideRows());
      assertThat(added).hasSize(1);
      Path paimonFile = added.get(0);
      DataFileFormat fileFormat = DataFileFormats.forPath(paimonFile);
      KeyValueLayout layout = KeyValueLayout.standard(valueType, List.of("id"));

      Path ourFile = out.resolve(paimonFile.getFileName());
      WrittenFile written;
      try (KeyValueFileWriter writer =
          KeyValueFileWriter.create(
              fileFormat, ourFile, layout, Compression.DEFAULT, StatsMode.DEFAULT)) {
        readKeyValues(fileFormat, paimonFile, layout).forEach(writer::write);
        written = writer.complete();
      }

      if (format.equals("avro")) {
        assertSameAvro(paimonFile, ourFile);
      } else {
        assertSameParquet(paimonFile, ourFile);
      }
      DataFileMeta meta = paimonMeta(paimon, paimonFile);
      assertSameMetadata(written, meta, layout);
      assertThat(written.fileSize()).isEqualTo(Files.size(ourFile));
      if (format.equals("avro")) {
        assertThat(meta.valueStatsCols()).as("Avro: every column has stats").isNull();
      } else {
        assertThat(meta.valueStatsCols())
            .as("Parquet: nested columns have none")
            .doesNotContain("ai", "ms", "mi", "ro", "ar")
            .contains("vc", "by");
      }

      if (format.equals("avro")) {
        // Paimon reads the table with its file replaced by ours. (Its Parquet reader finds the
        // footer through the file size in the manifest, so a swapped Parquet file needs a
        // manifest of its own: that is the commit path's test.)
        List<Row> before = paimon.readAll();
        Files.copy(ourFile, paimonFile, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        assertThat(paimon.readAll()).isEqualTo(before).hasSize(4);
      }
    }
  }

  private static Schema wideSchema(String format) {
    return Schema.newBuilder()
        .column("id", DataTypes.INT().notNull())
        .column("bo", DataTypes.BOOLEAN())
        .column("ti", DataTypes.TINYINT())
        .column("si", DataTypes.SMALLINT())
        .column("bi", DataTypes.BIGINT())
        .column("fl", DataTypes.FLOAT())
        .column("do", DataTypes.DOUBLE())
        .column("d1", DataTypes.DECIMAL(5, 2))
        .column("d2", DataTypes.DECIMAL(15, 3))
        .column("d3", DataTypes.DECIMAL(30, 5))
        .column("ch", DataTypes.CHAR(5))
        .column("vc", DataTypes.VARCHAR(40))
        .column("st", DataTypes.STRING())
        .column("bn", DataTypes.BINARY(4))
        .column("by", DataTypes.BYTES())
        .column("da", DataTypes.DATE())
        .column("tm", DataTypes.TIME())
        .column("t3", DataTypes.TIMESTAMP(3))
        .column("t6", DataTypes.TIMESTAMP(6))
        .column("l3", DataTypes.TIMESTAMP_WITH_LOCAL_TIME_ZONE(3))
        .column("l6", DataTypes.TIMESTAMP_WITH_LOCAL_TIME_ZONE(6))
        .column("ai", DataTypes.ARRAY(DataTypes.INT()))
        .column("ms", DataTypes.MAP(DataTypes.STRING().notNull(), DataTypes.INT()))
        .column("mi", DataTypes.MAP(DataTypes.INT().notNull(), DataTypes.STRING()))
        .column(
            "ro",
            DataTypes.ROW(
                DataTypes.FIELD(0, "x", DataTypes.INT()),
                DataTypes.FIELD(
                    1, "y", DataTypes.ROW(DataTypes.FIELD(2, "z", DataTypes.STRING())))))
        .column("ar", DataTypes.ARRAY(DataTypes.ROW(DataTypes.FIELD(3, "p", DataTypes.INT()))))
        .primaryKey("id")
        .option("bucket", "1")
        .option("file.format", format)
        .build();
  }

  /** Keys unordered on purpose; a delete, nulls, long and non-ASCII strings, extremes. */
  private static List<Row> wideRows() {
    return List.of(
        wide(RowKind.INSERT, 7, "a-long-string-value-beyond-sixteen", "zzzzzzzzzzzzzzzzzzzz", 1.5),
        wide(RowKind.INSERT, 3, "short", "😀 emoji first", -0.0),
        Row.ofKind(
            RowKind.INSERT,
            5,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null),
        wide(
            RowKind.DELETE,
            9,
            "deleted-but-counted-in-stats",
            "中文字符串中文字符串中文字符串中文字符串",
            Double.MAX_VALUE),
        wide(RowKind.UPDATE_AFTER, -2, "", "", Double.NEGATIVE_INFINITY));
  }

  private static Row wide(RowKind kind, int id, String vc, String st, double d) {
    return Row.ofKind(
        kind,
        id,
        id % 2 == 0,
        (byte) id,
        (short) (id * 300),
        id * 1_000_000_007L,
        id / 4.0f,
        d,
        new BigDecimal(id + ".25"),
        new BigDecimal(id + "123456789.125"),
        new BigDecimal(id + "23456789012345678901234.12345"),
        "c" + id,
        vc,
        st,
        new byte[] {(byte) id, 0, 1, 2},
        new byte[] {(byte) id},
        LocalDate.of(2024, 1, 1).plusDays(id),
        LocalTime.of(12, 0).plusSeconds(id),
        LocalDateTime.of(2024, 1, 1, 0, 0).plusNanos(id * 1_000_000L),
        LocalDateTime.of(2024, 1, 1, 0, 0).plusNanos(id * 1000L),
        Instant.ofEpochMilli(1_700_000_000_000L + id),
        Instant.ofEpochSecond(1_700_000_000L, id * 1000L),
        Arrays.asList(id, null),
        Map.of("k", id),
        Map.of(id, "v" + id),
        Row.of(id, Row.of("z" + id)),
        List.of(Row.of(id)));
  }

  private static List<KeyValue> readKeyValues(
      DataFileFormat format, Path file, KeyValueLayout layout) {
    List<KeyValue> kvs = new ArrayList<>();
    try (DataFileReader reader = format.createReader(file, layout.fileType(), null)) {
      reader.forEachRemaining(row -> kvs.add(layout.fromFileRow(row)));
    }
    assertThat(kvs).hasSize(5);
    return kvs;
  }

  private static DataFileMeta paimonMeta(DataFileOracle paimon, Path file) {
    return paimon.table().store().newScan().plan().files().stream()
        .map(ManifestEntry::file)
        .filter(f -> f.fileName().equals(file.getFileName().toString()))
        .findFirst()
        .orElseThrow();
  }

  private static void assertSameMetadata(
      WrittenFile ours, DataFileMeta theirs, KeyValueLayout layout) {
    RowType keyType = layout.keyType();
    assertThat(ours.rowCount()).isEqualTo(theirs.rowCount());
    assertThat(ours.deleteRowCount()).isEqualTo(theirs.deleteRowCount().orElseThrow());
    assertThat(ours.minSequenceNumber()).isEqualTo(theirs.minSequenceNumber());
    assertThat(ours.maxSequenceNumber()).isEqualTo(theirs.maxSequenceNumber());
    assertThat(ours.minKey()).isEqualTo(DataFileValues.fromPaimon(theirs.minKey(), keyType));
    assertThat(ours.maxKey()).isEqualTo(DataFileValues.fromPaimon(theirs.maxKey(), keyType));
    assertSameStats(ours.keyStats(), theirs.keyStats(), keyType, null);
    assertSameStats(
        ours.valueStats(), theirs.valueStats(), layout.valueType(), theirs.valueStatsCols());
  }

  /** {@code denseColumns}: the columns Paimon kept ({@code _VALUE_STATS_COLS}), null for all. */
  private static void assertSameStats(
      ColumnStats ours, SimpleStats theirs, RowType type, List<String> denseColumns) {
    int[] kept =
        IntStream.range(0, type.arity())
            .filter(i -> denseColumns == null || denseColumns.contains(type.fields().get(i).name()))
            .toArray();
    RowType keptType =
        new RowType(true, IntStream.of(kept).mapToObj(i -> type.fields().get(i)).toList());
    assertThat(IntStream.range(0, type.arity()).filter(ours::isCollected).toArray())
        .as("columns with stats")
        .containsExactly(kept);
    assertThat(ours.min().project(kept))
        .as("min")
        .isEqualTo(DataFileValues.fromPaimon(theirs.minValues(), keptType));
    assertThat(ours.max().project(kept))
        .as("max")
        .isEqualTo(DataFileValues.fromPaimon(theirs.maxValues(), keptType));
    BinaryArray nullCounts = theirs.nullCounts();
    List<Long> theirCounts = new ArrayList<>();
    for (int i = 0; i < nullCounts.size(); i++) {
      theirCounts.add(nullCounts.isNullAt(i) ? null : nullCounts.getLong(i));
    }
    assertThat(IntStream.of(kept).mapToObj(i -> ours.nullCounts().get(i)).toList())
        .as("null counts")
        .isEqualTo(theirCounts);
  }

  private static void assertSameAvro(Path paimonFile, Path ourFile) throws Exception {
    try (InputStream a = Files.newInputStream(paimonFile);
        InputStream b = Files.newInputStream(ourFile);
        DataFileStream<GenericRecord> theirs = new DataFileStream<>(a, new GenericDatumReader<>());
        DataFileStream<GenericRecord> ours = new DataFileStream<>(b, new GenericDatumReader<>())) {
      assertThat(ours.getSchema()).isEqualTo(theirs.getSchema());
      assertThat(ours.getSchema().toString()).isEqualTo(theirs.getSchema().toString());
      assertThat(ours.getMetaString("avro.codec")).isEqualTo(theirs.getMetaString("avro.codec"));
      List<GenericRecord> theirRecords = new ArrayList<>();
      theirs.forEach(theirRecords::add);
      List<GenericRecord> ourRecords = new ArrayList<>();
      ours.forEach(ourRecords::add);
      assertThat(ourRecords).isEqualTo(theirRecords);
    }
  }

  private static void assertSameParquet(Path paimonFile, Path ourFile) throws Exception {
    try (ParquetFileReader theirs = ParquetFileReader.open(new LocalInputFile(paimonFile));
        ParquetFileReader ours = ParquetFileReader.open(new LocalInputFile(ourFile))) {
      assertThat(ours.getFileMetaData().getSchema().toString())
          .isEqualTo(theirs.getFileMetaData().getSchema().toString());
      assertThat(ours.getFileMetaData().getKeyValueMetaData())
          .isEqualTo(theirs.getFileMetaData().getKeyValueMetaData());
      assertThat(ours.getRowGroups().get(0).getColumns().get(0).getCodec())
          .isEqualTo(theirs.getRowGroups().get(0).getColumns().get(0).getCodec());
    }
    assertThat(groups(ourFile)).isEqualTo(groups(paimonFile));
  }

  private static List<String> groups(Path file) throws Exception {
    List<String> groups = new ArrayList<>();
    try (ParquetReader<Group> reader =
        ParquetReader.builder(new GroupReadSupport(), new org.apache.hadoop.fs.Path(file.toUri()))
            .build()) {
      for (Group g = reader.read(); g != null; g = reader.read()) {
        groups.add(g.toString());
      }
    }
    return groups;
  }
}
