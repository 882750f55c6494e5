package dev.lakeops.table.meta;

import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;

/**
 * The Avro schemas Paimon writes its manifests with, built the way its {@code AvroSchemaConverter}
 * builds them from {@code ManifestFileMeta.SCHEMA}, {@code ManifestEntry.SCHEMA} and {@code
 * IndexManifestEntry.SCHEMA} behind a leading {@code _VERSION} int: top record {@code
 * org.apache.paimon.avro.generated.record}, nested records named {@code <parent>_<FIELD>}, nullable
 * types as {@code ["null", T]} with default null. Readers resolve fields by name, so the names of
 * records matter for byte-equality only.
 */
final class ManifestAvroSchemas {

  static final String TOP = "org.apache.paimon.avro.generated.record";

  static final Schema MANIFEST_LIST = manifestList(false);
  static final Schema MANIFEST_LIST_WITH_ROW_IDS = manifestList(true);
  static final Schema MANIFEST = manifest();
  static final Schema INDEX_MANIFEST = indexManifest();

  private ManifestAvroSchemas() {}

  private static Schema manifestList(boolean rowIds) {
    SchemaBuilder.FieldAssembler<Schema> f =
        SchemaBuilder.record(TOP)
            .fields()
            .name("_VERSION")
            .type()
            .intType()
            .noDefault()
            .name("_FILE_NAME")
            .type()
            .stringType()
            .noDefault()
            .name("_FILE_SIZE")
            .type()
            .longType()
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
            .type(simpleStats(TOP + "__PARTITION_STATS"))
            .noDefault()
            .name("_SCHEMA_ID")
            .type()
            .longType()
            .noDefault();
    f = nullable(f, "_MIN_BUCKET", intType());
    f = nullable(f, "_MAX_BUCKET", intType());
    f = nullable(f, "_MIN_LEVEL", intType());
    f = nullable(f, "_MAX_LEVEL", intType());
    if (rowIds) {
      f = nullable(f, "_MIN_ROW_ID", longType());
      f = nullable(f, "_MAX_ROW_ID", longType());
    }
    return f.endRecord();
  }

  private static Schema manifest() {
    String file = TOP + "__FILE";
    SchemaBuilder.FieldAssembler<Schema> f =
        SchemaBuilder.record(file)
            .fields()
            .name("_FILE_NAME")
            .type()
            .stringType()
            .noDefault()
            .name("_FILE_SIZE")
            .type()
            .longType()
            .noDefault()
            .name("_ROW_COUNT")
            .type()
            .longType()
            .noDefault()
            .name("_MIN_KEY")
            .type()
            .bytesType()
            .noDefault()
            .name("_MAX_KEY")
            .type()
            .bytesType()
            .noDefault()
            .name("_KEY_STATS")
            .type(simpleStats(file + "__KEY_STATS"))
            .noDefault()
            .name("_VALUE_STATS")
            .type(simpleStats(file + "__VALUE_STATS"))
            .noDefault()
            .name("_MIN_SEQUENCE_NUMBER")
            .type()
            .longType()
            .noDefault()
            .name("_MAX_SEQUENCE_NUMBER")
            .type()
            .longType()
            .noDefault()
            .name("_SCHEMA_ID")
            .type()
            .longType()
            .noDefault()
            .name("_LEVEL")
            .type()
            .intType()
            .noDefault()
            .name("_EXTRA_FILES")
            .type(Schema.createArray(stringType()))
            .noDefault();
    f = nullable(f, "_CREATION_TIME", LogicalTypes.timestampMillis().addToSchema(longType()));
    f = nullable(f, "_DELETE_ROW_COUNT", longType());
    f = nullable(f, "_EMBEDDED_FILE_INDEX", Schema.create(Schema.Type.BYTES));
    f = nullable(f, "_FILE_SOURCE", intType());
    f = nullable(f, "_VALUE_STATS_COLS", Schema.createArray(stringType()));
    f = nullable(f, "_EXTERNAL_PATH", stringType());
    f = nullable(f, "_FIRST_ROW_ID", longType());
    f = nullable(f, "_WRITE_COLS", Schema.createArray(stringType()));
    Schema fileSchema = f.endRecord();
    return SchemaBuilder.record(TOP)
        .fields()
        .name("_VERSION")
        .type()
        .intType()
        .noDefault()
        .name("_KIND")
        .type()
        .intType()
        .noDefault()
        .name("_PARTITION")
        .type()
        .bytesType()
        .noDefault()
        .name("_BUCKET")
        .type()
        .intType()
        .noDefault()
        .name("_TOTAL_BUCKETS")
        .type()
        .intType()
        .noDefault()
        .name("_FILE")
        .type(fileSchema)
        .noDefault()
        .endRecord();
  }

  private static Schema indexManifest() {
    String ranges = TOP + "__DELETIONS_VECTORS_RANGES";
    SchemaBuilder.FieldAssembler<Schema> r =
        SchemaBuilder.record(ranges)
            .fields()
            .name("f0")
            .type()
            .stringType()
            .noDefault()
            .name("f1")
            .type()
            .intType()
            .noDefault()
            .name("f2")
            .type()
            .intType()
            .noDefault();
    Schema range = nullable(r, "_CARDINALITY", longType()).endRecord();
    SchemaBuilder.FieldAssembler<Schema> f =
        SchemaBuilder.record(TOP)
            .fields()
            .name("_VERSION")
            .type()
            .intType()
            .noDefault()
            .name("_KIND")
            .type()
            .intType()
            .noDefault()
            .name("_PARTITION")
            .type()
            .bytesType()
            .noDefault()
            .name("_BUCKET")
            .type()
            .intType()
            .noDefault()
            .name("_INDEX_TYPE")
            .type()
            .stringType()
            .noDefault()
            .name("_FILE_NAME")
            .type()
            .stringType()
            .noDefault()
            .name("_FILE_SIZE")
            .type()
            .longType()
            .noDefault()
            .name("_ROW_COUNT")
            .type()
            .longType()
            .noDefault();
    f = nullable(f, "_DELETIONS_VECTORS_RANGES", Schema.createArray(optional(range)));
    f = nullable(f, "_EXTERNAL_PATH", stringType());
    return f.endRecord();
  }

  private static Schema simpleStats(String name) {
    SchemaBuilder.FieldAssembler<Schema> f =
        SchemaBuilder.record(name)
            .fields()
            .name("_MIN_VALUES")
            .type()
            .bytesType()
            .noDefault()
            .name("_MAX_VALUES")
            .type()
            .bytesType()
            .noDefault();
    return nullable(f, "_NULL_COUNTS", Schema.createArray(optional(longType()))).endRecord();
  }

  private static SchemaBuilder.FieldAssembler<Schema> nullable(
      SchemaBuilder.FieldAssembler<Schema> f, String name, Schema type) {
    return f.name(name).type(optional(type)).withDefault(null);
  }

  static Schema optional(Schema type) {
    return Schema.createUnion(Schema.create(Schema.Type.NULL), type);
  }

  private static Schema intType() {
    return Schema.create(Schema.Type.INT);
  }

  private static Schema longType() {
    return Schema.create(Schema.Type.LONG);
  }

  private static Schema stringType() {
    return Schema.create(Schema.Type.STRING);
  }
}
