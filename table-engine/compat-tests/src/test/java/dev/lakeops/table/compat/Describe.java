package dev.lakeops.table.compat;

import dev.lakeops.table.meta.DataFileMeta;
import dev.lakeops.table.meta.ManifestEntry;
import dev.lakeops.table.meta.ManifestFileMeta;
import dev.lakeops.table.meta.SimpleStats;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.apache.paimon.data.BinaryArray;
import org.apache.paimon.data.BinaryRow;
import org.apache.paimon.utils.SerializationUtils;

/**
 * Renders manifest records of both engines as one canonical text each, field by field, so that a
 * mismatch shows which field differs.
 */
final class Describe {

  private static final HexFormat HEX = HexFormat.of();

  private Describe() {}

  static String entry(ManifestEntry e) {
    return String.join(
        "|",
        "kind=" + e.kind().toByteValue(),
        "part=" + HEX.formatHex(e.partition().toSerialized()),
        "bucket=" + e.bucket(),
        "total=" + e.totalBuckets(),
        file(e.file()));
  }

  static String entry(org.apache.paimon.manifest.ManifestEntry e) {
    return String.join(
        "|",
        "kind=" + e.kind().toByteValue(),
        "part=" + hex(e.partition()),
        "bucket=" + e.bucket(),
        "total=" + e.totalBuckets(),
        file(e.file()));
  }

  static String file(DataFileMeta f) {
    return String.join(
        "|",
        "name=" + f.fileName(),
        "size=" + f.fileSize(),
        "rows=" + f.rowCount(),
        "minKey=" + HEX.formatHex(f.minKey().toSerialized()),
        "maxKey=" + HEX.formatHex(f.maxKey().toSerialized()),
        "keyStats=" + stats(f.keyStats()),
        "valueStats=" + stats(f.valueStats()),
        "seq=" + f.minSequenceNumber() + ".." + f.maxSequenceNumber(),
        "schema=" + f.schemaId(),
        "level=" + f.level(),
        "extra=" + f.extraFiles(),
        "created="
            + (f.creationTime() == null
                ? null
                : f.creationTime().toInstant(ZoneOffset.UTC).toEpochMilli()),
        "deleteRows=" + f.deleteRowCount(),
        "index=" + (f.embeddedIndex() == null ? null : HEX.formatHex(f.embeddedIndex())),
        "source=" + (f.fileSource() == null ? null : f.fileSource().toByteValue()),
        "statsCols=" + f.valueStatsCols(),
        "external=" + f.externalPath(),
        "firstRowId=" + f.firstRowId(),
        "writeCols=" + f.writeCols());
  }

  static String file(org.apache.paimon.io.DataFileMeta f) {
    return String.join(
        "|",
        "name=" + f.fileName(),
        "size=" + f.fileSize(),
        "rows=" + f.rowCount(),
        "minKey=" + hex(f.minKey()),
        "maxKey=" + hex(f.maxKey()),
        "keyStats=" + stats(f.keyStats()),
        "valueStats=" + stats(f.valueStats()),
        "seq=" + f.minSequenceNumber() + ".." + f.maxSequenceNumber(),
        "schema=" + f.schemaId(),
        "level=" + f.level(),
        "extra=" + f.extraFiles(),
        "created=" + (f.creationTime() == null ? null : f.creationTimeEpochMillis()),
        "deleteRows=" + f.deleteRowCount().orElse(null),
        "index=" + (f.embeddedIndex() == null ? null : HEX.formatHex(f.embeddedIndex())),
        "source=" + f.fileSource().map(s -> s.toByteValue()).orElse(null),
        "statsCols=" + f.valueStatsCols(),
        "external=" + f.externalPath().orElse(null),
        "firstRowId=" + PaimonApi.firstRowId(f),
        "writeCols=" + PaimonApi.writeCols(f));
  }

  static String manifestMeta(ManifestFileMeta m) {
    return String.join(
        "|",
        "name=" + m.fileName(),
        "size=" + m.fileSize(),
        "added=" + m.numAddedFiles(),
        "deleted=" + m.numDeletedFiles(),
        "partitions=" + stats(m.partitionStats()),
        "schema=" + m.schemaId(),
        "buckets=" + m.minBucket() + ".." + m.maxBucket(),
        "levels=" + m.minLevel() + ".." + m.maxLevel());
  }

  static String manifestMeta(org.apache.paimon.manifest.ManifestFileMeta m) {
    return String.join(
        "|",
        "name=" + m.fileName(),
        "size=" + m.fileSize(),
        "added=" + m.numAddedFiles(),
        "deleted=" + m.numDeletedFiles(),
        "partitions=" + stats(m.partitionStats()),
        "schema=" + m.schemaId(),
        "buckets=" + m.minBucket() + ".." + m.maxBucket(),
        "levels=" + m.minLevel() + ".." + m.maxLevel());
  }

  static String stats(SimpleStats s) {
    return "{"
        + HEX.formatHex(s.minValues().toSerialized())
        + ","
        + HEX.formatHex(s.maxValues().toSerialized())
        + ","
        + s.nullCounts()
        + "}";
  }

  static String stats(org.apache.paimon.stats.SimpleStats s) {
    BinaryArray counts = s.nullCounts();
    List<Long> list = new ArrayList<>();
    for (int i = 0; i < counts.size(); i++) {
      list.add(counts.isNullAt(i) ? null : counts.getLong(i));
    }
    return "{" + hex(s.minValues()) + "," + hex(s.maxValues()) + "," + list + "}";
  }

  static String hex(BinaryRow row) {
    return HEX.formatHex(SerializationUtils.serializeBinaryRow(row));
  }
}
