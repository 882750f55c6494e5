package dev.lakeops.table.meta;

import static dev.lakeops.table.meta.ManifestFixtures.add;
import static dev.lakeops.table.meta.ManifestFixtures.delete;
import static dev.lakeops.table.meta.ManifestFixtures.file;
import static dev.lakeops.table.meta.ManifestFixtures.fileWithEveryOptionalField;
import static dev.lakeops.table.meta.ManifestFixtures.partition;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.file.DataFileStream;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.Test;

class ManifestAvroTest {

  private static final Path SOURCE = Path.of("/wh/db.db/t/manifest/manifest-x-0");

  @Test
  void roundTripsManifestEntriesWithEveryField() {
    List<ManifestEntry> entries =
        List.of(
            add("2024-01-01", 0, file("data-a-0.parquet", 0)),
            delete("2024-01-02", 1, file("data-a-1.parquet", 0)),
            add("2024-01-02", 1, fileWithEveryOptionalField("data-a-2.avro")),
            new ManifestEntry(
                FileKind.ADD,
                BinaryRow.EMPTY,
                0,
                -1,
                DataFileMeta.builder("data-b-0.avro").build()));

    assertThat(ManifestAvro.readManifest(ManifestAvro.writeManifest(entries), SOURCE))
        .isEqualTo(entries);
  }

  @Test
  void roundTripsManifestListsWithAndWithoutRowIds() {
    SimpleStats stats =
        new SimpleStats(partition("2024-01-01"), partition("2024-01-02"), List.of(0L));
    ManifestFileMeta v13 = new ManifestFileMeta("manifest-a-0", 2232, 1, 2, stats, 0, 0, 1, 0, 5);
    ManifestFileMeta v14 =
        new ManifestFileMeta("manifest-a-1", 10, 1, 0, stats, 1, null, null, null, null, 7L, 9L);

    byte[] withoutRowIds = ManifestAvro.writeManifestList(List.of(v13));
    byte[] withRowIds = ManifestAvro.writeManifestList(List.of(v13, v14));

    assertThat(ManifestAvro.readManifestList(withoutRowIds, SOURCE)).containsExactly(v13);
    assertThat(ManifestAvro.readManifestList(withRowIds, SOURCE)).containsExactly(v13, v14);
    assertThat(schemaOf(withoutRowIds).getField("_MIN_ROW_ID")).isNull();
    assertThat(schemaOf(withRowIds).getField("_MIN_ROW_ID")).isNotNull();
  }

  @Test
  void roundTripsIndexManifests() {
    List<IndexManifestEntry> entries =
        List.of(
            new IndexManifestEntry(
                FileKind.ADD,
                partition("2024-01-01"),
                0,
                IndexManifestEntry.HASH,
                "index-a-0",
                8,
                2,
                null,
                null),
            new IndexManifestEntry(
                FileKind.DELETE,
                partition("2024-01-01"),
                1,
                IndexManifestEntry.DELETION_VECTORS,
                "index-a-1",
                100,
                2,
                List.of(
                    new DeletionVectorRange("data-a-0.parquet", 1, 20, 3L),
                    new DeletionVectorRange("data-a-1.parquet", 21, 30, null)),
                "s3://x/index-a-1"));

    assertThat(ManifestAvro.readIndexManifest(ManifestAvro.writeIndexManifest(entries), SOURCE))
        .isEqualTo(entries);
  }

  @Test
  void refusesToWriteAnIndexTypeWhoseMetadataItDoesNotKeep() {
    // Paimon 1.4's global index entries (type btree, bitmap, ...) carry _GLOBAL_INDEX.
    IndexManifestEntry btree =
        new IndexManifestEntry(
            FileKind.ADD, partition("2024-01-01"), 0, "btree", "index-g-0", 8, 2, null, null);

    assertThatThrownBy(() -> ManifestAvro.writeIndexManifest(List.of(btree)))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessageContaining("index-g-0")
        .hasMessageContaining("'btree'")
        .hasMessageContaining("_GLOBAL_INDEX");
  }

  @Test
  void writesPaimonsSchemaNamesVersionAndCodec() throws Exception {
    byte[] bytes =
        ManifestAvro.writeManifest(List.of(add("2024-01-01", 0, file("data-a-0.parquet", 0))));

    try (DataFileStream<GenericRecord> stream =
        new DataFileStream<>(new java.io.ByteArrayInputStream(bytes), new GenericDatumReader<>())) {
      assertThat(stream.getMetaString("avro.codec")).isEqualTo("zstandard");
      Schema schema = stream.getSchema();
      assertThat(schema.getFullName()).isEqualTo("org.apache.paimon.avro.generated.record");
      assertThat(schema.getFields())
          .extracting(Schema.Field::name)
          .containsExactly("_VERSION", "_KIND", "_PARTITION", "_BUCKET", "_TOTAL_BUCKETS", "_FILE");
      Schema file = schema.getField("_FILE").schema();
      assertThat(file.getFullName()).isEqualTo("org.apache.paimon.avro.generated.record__FILE");
      assertThat(file.getField("_KEY_STATS").schema().getFullName())
          .isEqualTo("org.apache.paimon.avro.generated.record__FILE__KEY_STATS");
      assertThat(file.getFields()).hasSize(20);
      assertThat(
              file.getField("_CREATION_TIME").schema().getTypes().get(1).getLogicalType().getName())
          .isEqualTo("timestamp-millis");
      assertThat(stream.next().get("_VERSION")).isEqualTo(2);
    }
  }

  @Test
  void readsFieldsByNameSkippingUnknownOnesAndDefaultingMissingNullableOnes() throws Exception {
    Schema stats =
        SchemaBuilder.record("s")
            .fields()
            .name("_NULL_COUNTS")
            .type()
            .nullable()
            .array()
            .items()
            .longType()
            .noDefault()
            .name("_MAX_VALUES")
            .type()
            .bytesType()
            .noDefault()
            .name("_MIN_VALUES")
            .type()
            .bytesType()
            .noDefault()
            .endRecord();
    Schema schema =
        SchemaBuilder.record("other")
            .fields()
            .name("_FUTURE")
            .type()
            .stringType()
            .noDefault()
            .name("_FILE_NAME")
            .type()
            .stringType()
            .noDefault()
            .name("_VERSION")
            .type()
            .intType()
            .noDefault()
            .name("_FILE_SIZE")
            .type()
            .intType()
            .noDefault()
            .name("_NUM_ADDED_FILES")
            .type()
            .longType()
            .noDefault()
            .name("_NUM_DELETED_FILES")
            .type()
            .longType()
            .noDefault()
            .name("_PARTITION_STATS")
            .type(stats)
            .noDefault()
            .name("_SCHEMA_ID")
            .type()
            .longType()
            .noDefault()
            .endRecord();
    GenericData.Record s = new GenericData.Record(stats);
    s.put("_NULL_COUNTS", List.of(0L));
    s.put("_MIN_VALUES", ByteBuffer.wrap(partition("a").toSerialized()));
    s.put("_MAX_VALUES", ByteBuffer.wrap(partition("b").toSerialized()));
    GenericData.Record r = new GenericData.Record(schema);
    r.put("_FUTURE", "ignored");
    r.put("_FILE_NAME", "manifest-z-0");
    r.put("_VERSION", 2);
    r.put("_FILE_SIZE", 77);
    r.put("_NUM_ADDED_FILES", 1L);
    r.put("_NUM_DELETED_FILES", 0L);
    r.put("_PARTITION_STATS", s);
    r.put("_SCHEMA_ID", 3L);

    List<ManifestFileMeta> metas = ManifestAvro.readManifestList(write(schema, r), SOURCE);

    assertThat(metas)
        .containsExactly(
            new ManifestFileMeta(
                "manifest-z-0",
                77,
                1,
                0,
                new SimpleStats(partition("a"), partition("b"), List.of(0L)),
                3,
                null,
                null,
                null,
                null));
  }

  @Test
  void namesTheFileAndRecordOfAnUnsupportedVersion() throws Exception {
    Schema schema =
        SchemaBuilder.record("r")
            .fields()
            .name("_VERSION")
            .type()
            .intType()
            .noDefault()
            .endRecord();
    GenericData.Record r = new GenericData.Record(schema);
    r.put("_VERSION", 1);

    assertThatThrownBy(() -> ManifestAvro.readManifest(write(schema, r), SOURCE))
        .isInstanceOf(CorruptManifestException.class)
        .hasMessageContaining("record 0")
        .hasMessageContaining("_VERSION 1")
        .hasMessageContaining(SOURCE.toString())
        .satisfies(e -> assertThat(((CorruptManifestException) e).path()).contains(SOURCE));
  }

  @Test
  void namesAMissingOrMistypedRequiredField() throws Exception {
    Schema schema =
        SchemaBuilder.record("r")
            .fields()
            .name("_VERSION")
            .type()
            .intType()
            .noDefault()
            .name("_KIND")
            .type()
            .stringType()
            .noDefault()
            .endRecord();
    GenericData.Record r = new GenericData.Record(schema);
    r.put("_VERSION", 2);
    r.put("_KIND", "ADD");

    assertThatThrownBy(() -> ManifestAvro.readManifest(write(schema, r), SOURCE))
        .isInstanceOf(CorruptManifestException.class)
        .hasMessageContaining("_KIND")
        .hasMessageContaining("Utf8");
    assertThatThrownBy(
            () ->
                ManifestAvro.readIndexManifest(
                    ManifestAvro.writeManifest(
                        List.of(add("2024-01-01", 0, file("data-a-0.parquet", 0)))),
                    SOURCE))
        .isInstanceOf(CorruptManifestException.class)
        .hasMessageContaining("index manifest");
  }

  @Test
  void reportsTruncatedAndGarbageFilesAsCorrupt() {
    byte[] bytes =
        ManifestAvro.writeManifest(List.of(add("2024-01-01", 0, file("data-a-0.parquet", 0))));

    assertThatThrownBy(
            () -> ManifestAvro.readManifest(Arrays.copyOf(bytes, bytes.length - 20), SOURCE))
        .isInstanceOf(CorruptManifestException.class)
        .hasMessageContaining(SOURCE.toString());
    assertThatThrownBy(() -> ManifestAvro.readManifest("not avro".getBytes(), SOURCE))
        .isInstanceOf(CorruptManifestException.class)
        .hasMessageContaining("Invalid manifest file");
    assertThatThrownBy(() -> ManifestAvro.readManifestList(new byte[0], null))
        .isInstanceOf(CorruptManifestException.class)
        .hasMessageContaining("manifest list");
  }

  @Test
  void readsAnEmptyManifestListAsNoRecords() {
    assertThat(ManifestAvro.readManifestList(ManifestAvro.writeManifestList(List.of()), SOURCE))
        .isEmpty();
  }

  private static Schema schemaOf(byte[] bytes) {
    try (DataFileStream<GenericRecord> stream =
        new DataFileStream<>(new java.io.ByteArrayInputStream(bytes), new GenericDatumReader<>())) {
      return stream.getSchema();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static byte[] write(Schema schema, GenericRecord record) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (DataFileWriter<GenericRecord> writer =
        new DataFileWriter<>(new GenericDatumWriter<>(schema))) {
      writer.create(schema, out);
      writer.append(record);
    }
    return out.toByteArray();
  }
}
