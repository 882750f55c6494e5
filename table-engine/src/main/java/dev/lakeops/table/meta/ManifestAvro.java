package dev.lakeops.table.meta;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.function.Function;
import org.apache.avro.Schema;
import org.apache.avro.file.CodecFactory;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.file.SeekableByteArrayInput;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.jspecify.annotations.Nullable;

/**
 * Manifest lists, manifest files and index manifests as Avro object-container files, the way Paimon
 * writes them (zstandard level 1, Paimon's record schemas and field names, {@code _VERSION} 2 for
 * manifests and lists and 1 for index manifests; {@code paimon-format.md} §6, §7, §9).
 *
 * <p>Reading resolves fields <em>by name</em> against the file's own schema, as Paimon does:
 * unknown fields are skipped and missing nullable fields read as null, so files of Paimon 1.2 to
 * 1.4 (and its 1.4 {@code _MIN_ROW_ID}/{@code _MAX_ROW_ID}) decode. Writing emits the 1.3 field
 * set, adding the row-id fields to a manifest list only when a record has them.
 *
 * <p>Every decoding failure (not Avro, truncated, a required field missing or of the wrong type, a
 * bad BinaryRow, an unsupported {@code _VERSION}) is a {@link CorruptManifestException} that names
 * the source and, where known, the record and field.
 */
public final class ManifestAvro {

  /** {@code _VERSION} of manifest files and manifest lists. */
  public static final int MANIFEST_VERSION = 2;

  /** {@code _VERSION} of index manifests. */
  public static final int INDEX_MANIFEST_VERSION = 1;

  private static final int ZSTD_LEVEL = 1;

  private ManifestAvro() {}

  // ---- manifest lists

  public static byte[] writeManifestList(Collection<ManifestFileMeta> metas) {
    boolean rowIds = metas.stream().anyMatch(m -> m.minRowId() != null || m.maxRowId() != null);
    Schema schema =
        rowIds ? ManifestAvroSchemas.MANIFEST_LIST_WITH_ROW_IDS : ManifestAvroSchemas.MANIFEST_LIST;
    Schema stats = schema.getField("_PARTITION_STATS").schema();
    List<GenericRecord> records = new ArrayList<>(metas.size());
    for (ManifestFileMeta m : metas) {
      GenericData.Record r = new GenericData.Record(schema);
      r.put("_VERSION", MANIFEST_VERSION);
      r.put("_FILE_NAME", m.fileName());
      r.put("_FILE_SIZE", m.fileSize());
      r.put("_NUM_ADDED_FILES", m.numAddedFiles());
      r.put("_NUM_DELETED_FILES", m.numDeletedFiles());
      r.put("_PARTITION_STATS", statsRecord(stats, m.partitionStats()));
      r.put("_SCHEMA_ID", m.schemaId());
      r.put("_MIN_BUCKET", m.minBucket());
      r.put("_MAX_BUCKET", m.maxBucket());
      r.put("_MIN_LEVEL", m.minLevel());
      r.put("_MAX_LEVEL", m.maxLevel());
      if (rowIds) {
        r.put("_MIN_ROW_ID", m.minRowId());
        r.put("_MAX_ROW_ID", m.maxRowId());
      }
      records.add(r);
    }
    return write(schema, records);
  }

  /**
   * @param source the file (or another description) for error messages; may be null
   * @throws CorruptManifestException the bytes are not a manifest list
   */
  public static List<ManifestFileMeta> readManifestList(byte[] bytes, @Nullable Path source) {
    return read(
        bytes,
        source,
        "manifest list",
        MANIFEST_VERSION,
        r ->
            new ManifestFileMeta(
                Fields.string(r, "_FILE_NAME"),
                Fields.longValue(r, "_FILE_SIZE"),
                Fields.longValue(r, "_NUM_ADDED_FILES"),
                Fields.longValue(r, "_NUM_DELETED_FILES"),
                stats(Fields.record(r, "_PARTITION_STATS")),
                Fields.longValue(r, "_SCHEMA_ID"),
                Fields.optionalInt(r, "_MIN_BUCKET"),
                Fields.optionalInt(r, "_MAX_BUCKET"),
                Fields.optionalInt(r, "_MIN_LEVEL"),
                Fields.optionalInt(r, "_MAX_LEVEL"),
                Fields.optionalLong(r, "_MIN_ROW_ID"),
                Fields.optionalLong(r, "_MAX_ROW_ID")));
  }

  // ---- manifest files

  public static byte[] writeManifest(Collection<ManifestEntry> entries) {
    Schema schema = ManifestAvroSchemas.MANIFEST;
    Schema fileSchema = schema.getField("_FILE").schema();
    List<GenericRecord> records = new ArrayList<>(entries.size());
    for (ManifestEntry e : entries) {
      GenericData.Record r = new GenericData.Record(schema);
      r.put("_VERSION", MANIFEST_VERSION);
      r.put("_KIND", (int) e.kind().toByteValue());
      r.put("_PARTITION", ByteBuffer.wrap(e.partition().toSerialized()));
      r.put("_BUCKET", e.bucket());
      r.put("_TOTAL_BUCKETS", e.totalBuckets());
      r.put("_FILE", fileRecord(fileSchema, e.file()));
      records.add(r);
    }
    return write(schema, records);
  }

  /**
   * @throws CorruptManifestException the bytes are not a manifest file
   */
  public static List<ManifestEntry> readManifest(byte[] bytes, @Nullable Path source) {
    return read(
        bytes,
        source,
        "manifest",
        MANIFEST_VERSION,
        r ->
            new ManifestEntry(
                fileKind(Fields.intValue(r, "_KIND")),
                BinaryRow.fromSerialized(Fields.bytes(r, "_PARTITION")),
                Fields.intValue(r, "_BUCKET"),
                Fields.intValue(r, "_TOTAL_BUCKETS"),
                dataFile(Fields.record(r, "_FILE"))));
  }

  private static GenericRecord fileRecord(Schema schema, DataFileMeta f) {
    GenericData.Record r = new GenericData.Record(schema);
    r.put("_FILE_NAME", f.fileName());
    r.put("_FILE_SIZE", f.fileSize());
    r.put("_ROW_COUNT", f.rowCount());
    r.put("_MIN_KEY", ByteBuffer.wrap(f.minKey().toSerialized()));
    r.put("_MAX_KEY", ByteBuffer.wrap(f.maxKey().toSerialized()));
    r.put("_KEY_STATS", statsRecord(schema.getField("_KEY_STATS").schema(), f.keyStats()));
    r.put("_VALUE_STATS", statsRecord(schema.getField("_VALUE_STATS").schema(), f.valueStats()));
    r.put("_MIN_SEQUENCE_NUMBER", f.minSequenceNumber());
    r.put("_MAX_SEQUENCE_NUMBER", f.maxSequenceNumber());
    r.put("_SCHEMA_ID", f.schemaId());
    r.put("_LEVEL", f.level());
    r.put("_EXTRA_FILES", f.extraFiles());
    r.put(
        "_CREATION_TIME",
        f.creationTime() == null
            ? null
            : f.creationTime().toInstant(ZoneOffset.UTC).toEpochMilli());
    r.put("_DELETE_ROW_COUNT", f.deleteRowCount());
    r.put(
        "_EMBEDDED_FILE_INDEX",
        f.embeddedIndex() == null ? null : ByteBuffer.wrap(f.embeddedIndex()));
    r.put("_FILE_SOURCE", f.fileSource() == null ? null : (int) f.fileSource().toByteValue());
    r.put("_VALUE_STATS_COLS", f.valueStatsCols());
    r.put("_EXTERNAL_PATH", f.externalPath());
    r.put("_FIRST_ROW_ID", f.firstRowId());
    r.put("_WRITE_COLS", f.writeCols());
    return r;
  }

  private static DataFileMeta dataFile(GenericRecord r) {
    Long creation = Fields.optionalLong(r, "_CREATION_TIME");
    Integer source = Fields.optionalInt(r, "_FILE_SOURCE");
    List<String> extraFiles = Fields.optionalStrings(r, "_EXTRA_FILES");
    return new DataFileMeta(
        Fields.string(r, "_FILE_NAME"),
        Fields.longValue(r, "_FILE_SIZE"),
        Fields.longValue(r, "_ROW_COUNT"),
        BinaryRow.fromSerialized(Fields.bytes(r, "_MIN_KEY")),
        BinaryRow.fromSerialized(Fields.bytes(r, "_MAX_KEY")),
        stats(Fields.record(r, "_KEY_STATS")),
        stats(Fields.record(r, "_VALUE_STATS")),
        Fields.longValue(r, "_MIN_SEQUENCE_NUMBER"),
        Fields.longValue(r, "_MAX_SEQUENCE_NUMBER"),
        Fields.longValue(r, "_SCHEMA_ID"),
        Fields.intValue(r, "_LEVEL"),
        extraFiles == null ? List.of() : extraFiles,
        creation == null
            ? null
            : LocalDateTime.ofEpochSecond(
                Math.floorDiv(creation, 1000L),
                (int) Math.floorMod(creation, 1000L) * 1_000_000,
                ZoneOffset.UTC),
        Fields.optionalLong(r, "_DELETE_ROW_COUNT"),
        Fields.optionalBytes(r, "_EMBEDDED_FILE_INDEX"),
        source == null ? null : FileSource.fromByteValue(source),
        Fields.optionalStrings(r, "_VALUE_STATS_COLS"),
        Fields.optionalString(r, "_EXTERNAL_PATH"),
        Fields.optionalLong(r, "_FIRST_ROW_ID"),
        Fields.optionalStrings(r, "_WRITE_COLS"));
  }

  // ---- index manifests

  /**
   * Writes an index manifest of {@link IndexManifestEntry#HASH} and {@link
   * IndexManifestEntry#DELETION_VECTORS} entries.
   *
   * @throws UnsupportedOperationException an entry of another index type: Paimon 1.4's global
   *     indexes ({@code btree}, {@code bitmap}, ...) keep their row range and field ids in the
   *     entry's {@code _GLOBAL_INDEX}, which lakeops does not read, so writing such an entry back
   *     would lose them; the message names the index file and its type
   */
  public static byte[] writeIndexManifest(Collection<IndexManifestEntry> entries) {
    for (IndexManifestEntry e : entries) {
      if (!e.indexType().equals(IndexManifestEntry.HASH)
          && !e.indexType().equals(IndexManifestEntry.DELETION_VECTORS)) {
        throw new UnsupportedOperationException(
            "Cannot write index manifest entry of index file "
                + e.fileName()
                + ": index type '"
                + e.indexType()
                + "' is not supported (only "
                + IndexManifestEntry.HASH
                + " and "
                + IndexManifestEntry.DELETION_VECTORS
                + "); Paimon 1.4 global indexes keep metadata (_GLOBAL_INDEX) lakeops does not"
                + " carry, and rewriting the entry would drop it");
      }
    }
    Schema schema = ManifestAvroSchemas.INDEX_MANIFEST;
    Schema rangeSchema =
        schema
            .getField("_DELETIONS_VECTORS_RANGES")
            .schema()
            .getTypes()
            .get(1)
            .getElementType()
            .getTypes()
            .get(1);
    List<GenericRecord> records = new ArrayList<>(entries.size());
    for (IndexManifestEntry e : entries) {
      GenericData.Record r = new GenericData.Record(schema);
      r.put("_VERSION", INDEX_MANIFEST_VERSION);
      r.put("_KIND", (int) e.kind().toByteValue());
      r.put("_PARTITION", ByteBuffer.wrap(e.partition().toSerialized()));
      r.put("_BUCKET", e.bucket());
      r.put("_INDEX_TYPE", e.indexType());
      r.put("_FILE_NAME", e.fileName());
      r.put("_FILE_SIZE", e.fileSize());
      r.put("_ROW_COUNT", e.rowCount());
      if (e.deletionVectorRanges() != null) {
        List<GenericRecord> ranges = new ArrayList<>();
        for (DeletionVectorRange d : e.deletionVectorRanges()) {
          GenericData.Record dr = new GenericData.Record(rangeSchema);
          dr.put("f0", d.dataFileName());
          dr.put("f1", d.offset());
          dr.put("f2", d.length());
          dr.put("_CARDINALITY", d.cardinality());
          ranges.add(dr);
        }
        r.put("_DELETIONS_VECTORS_RANGES", ranges);
      }
      r.put("_EXTERNAL_PATH", e.externalPath());
      records.add(r);
    }
    return write(schema, records);
  }

  /**
   * @throws CorruptManifestException the bytes are not an index manifest
   */
  public static List<IndexManifestEntry> readIndexManifest(byte[] bytes, @Nullable Path source) {
    return read(
        bytes,
        source,
        "index manifest",
        INDEX_MANIFEST_VERSION,
        r -> {
          List<DeletionVectorRange> ranges = null;
          List<?> rangeRecords = Fields.optionalList(r, "_DELETIONS_VECTORS_RANGES");
          if (rangeRecords != null) {
            ranges = new ArrayList<>(rangeRecords.size());
            for (Object o : rangeRecords) {
              if (!(o instanceof GenericRecord dr)) {
                throw new IllegalArgumentException(
                    "field _DELETIONS_VECTORS_RANGES holds a null or non-record element");
              }
              ranges.add(
                  new DeletionVectorRange(
                      Fields.string(dr, "f0"),
                      Fields.intValue(dr, "f1"),
                      Fields.intValue(dr, "f2"),
                      Fields.optionalLong(dr, "_CARDINALITY")));
            }
          }
          return new IndexManifestEntry(
              fileKind(Fields.intValue(r, "_KIND")),
              BinaryRow.fromSerialized(Fields.bytes(r, "_PARTITION")),
              Fields.intValue(r, "_BUCKET"),
              Fields.string(r, "_INDEX_TYPE"),
              Fields.string(r, "_FILE_NAME"),
              Fields.longValue(r, "_FILE_SIZE"),
              Fields.longValue(r, "_ROW_COUNT"),
              ranges,
              Fields.optionalString(r, "_EXTERNAL_PATH"));
        });
  }

  // ---- shared

  private static GenericRecord statsRecord(Schema schema, SimpleStats stats) {
    GenericData.Record r = new GenericData.Record(schema);
    r.put("_MIN_VALUES", ByteBuffer.wrap(stats.minValues().toSerialized()));
    r.put("_MAX_VALUES", ByteBuffer.wrap(stats.maxValues().toSerialized()));
    r.put("_NULL_COUNTS", new ArrayList<>(stats.nullCounts()));
    return r;
  }

  private static SimpleStats stats(GenericRecord r) {
    List<?> counts = Fields.optionalList(r, "_NULL_COUNTS");
    List<@Nullable Long> nullCounts = new ArrayList<>();
    if (counts != null) {
      for (Object o : counts) {
        if (o != null && !(o instanceof Long)) {
          throw new IllegalArgumentException(
              "field _NULL_COUNTS holds a " + o.getClass().getSimpleName() + ", expected long");
        }
        nullCounts.add((Long) o);
      }
    }
    return new SimpleStats(
        BinaryRow.fromSerialized(Fields.bytes(r, "_MIN_VALUES")),
        BinaryRow.fromSerialized(Fields.bytes(r, "_MAX_VALUES")),
        nullCounts);
  }

  private static FileKind fileKind(int value) {
    return FileKind.fromByteValue(value);
  }

  private static byte[] write(Schema schema, List<GenericRecord> records) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (DataFileWriter<GenericRecord> writer =
        new DataFileWriter<>(new GenericDatumWriter<>(schema))) {
      writer.setCodec(CodecFactory.zstandardCodec(ZSTD_LEVEL));
      writer.create(schema, out);
      for (GenericRecord r : records) {
        writer.append(r);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to encode Avro records", e);
    }
    return out.toByteArray();
  }

  /**
   * Avro's reader ends quietly at a truncated block, so a truncated file would read as a shorter
   * one. Every block, like the header, ends with the file's 16-byte sync marker: a complete file
   * ends with it. (A cut exactly between blocks stays undetectable; Avro has no footer.)
   */
  private static void checkEndsWithSyncMarker(
      byte[] bytes, long headerEnd, @Nullable Path source, String what) {
    int syncSize = 16;
    if (headerEnd < syncSize || headerEnd > bytes.length) {
      throw new CorruptManifestException(
          "Invalid " + what + " file: header of " + headerEnd + " bytes", source, null);
    }
    if (!Arrays.equals(
        bytes,
        (int) headerEnd - syncSize,
        (int) headerEnd,
        bytes,
        bytes.length - syncSize,
        bytes.length)) {
      throw new CorruptManifestException(
          "Invalid "
              + what
              + " file: truncated ("
              + bytes.length
              + " bytes do not end with the sync marker)",
          source,
          null);
    }
  }

  private static <T> List<T> read(
      byte[] bytes,
      @Nullable Path source,
      String what,
      int expectedVersion,
      Function<GenericRecord, T> convert) {
    List<T> result = new ArrayList<>();
    int index = 0;
    try (DataFileReader<GenericRecord> reader =
        new DataFileReader<>(new SeekableByteArrayInput(bytes), new GenericDatumReader<>())) {
      checkEndsWithSyncMarker(bytes, reader.previousSync(), source, what);
      while (reader.hasNext()) {
        GenericRecord record = reader.next();
        try {
          int version = Fields.intValue(record, "_VERSION");
          if (version != expectedVersion) {
            throw new IllegalArgumentException(
                "unsupported _VERSION " + version + " (expected " + expectedVersion + ")");
          }
          result.add(convert.apply(record));
        } catch (IllegalArgumentException | ClassCastException e) {
          throw new CorruptManifestException(
              "Invalid " + what + " record " + index + ": " + e.getMessage(), source, e);
        }
        index++;
      }
    } catch (CorruptManifestException e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      throw new CorruptManifestException(
          "Invalid " + what + " file (at record " + index + "): " + e, source, e);
    }
    return result;
  }
}
