package dev.lakeops.table.meta;

import static dev.lakeops.table.meta.PaimonJson.optional;
import static dev.lakeops.table.meta.PaimonJson.optionalLong;
import static dev.lakeops.table.meta.PaimonJson.optionalString;
import static dev.lakeops.table.meta.PaimonJson.requiredLong;
import static dev.lakeops.table.meta.PaimonJson.requiredString;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.table.io.FileIO;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Snapshot JSON ({@code snapshot/snapshot-<id>}) as Paimon 1.3 writes it (source: {@code Snapshot}
 * of {@code release-1.3.1}; {@code paimon-format.md} §3): fields in declaration order; omitted when
 * null are the three list sizes, {@code indexManifest}, {@code logOffsets}, {@code
 * changelogRecordCount}, {@code watermark}, {@code statistics}, {@code properties} and {@code
 * nextRowId}; {@code changelogManifestList}, {@code totalRecordCount} and {@code deltaRecordCount}
 * are written as {@code null}. Paimon 1.4 ({@code release-1.4}) dropped {@code logOffsets} and
 * omits a null {@code changelogManifestList}: a snapshot without {@code logOffsets} (read from a
 * 1.4 file) is written back in that layout, so every release's snapshot round-trips byte for byte;
 * the snapshots lakeops commits carry {@code logOffsets = {}} and keep the 1.3 layout, which 1.2,
 * 1.3 and 1.4 all read.
 *
 * <p>Reading ignores unknown fields (2.0's {@code uuid}, {@code operation}, {@code writerVersion})
 * and accepts missing optional ones and JSON nulls.
 */
public final class SnapshotJson {

  private static final String WHERE = "snapshot";

  private SnapshotJson() {}

  public static String toJson(Snapshot snapshot) {
    return PaimonJson.write(
        g -> {
          g.writeStartObject();
          writeFields(g, snapshot);
          g.writeEndObject();
        });
  }

  /**
   * Reads a snapshot file.
   *
   * @throws CorruptSnapshotException not valid snapshot JSON; names the file and the problem
   * @throws java.io.UncheckedIOException the file cannot be read (a missing file included)
   */
  public static Snapshot load(FileIO io, Path file) {
    return fromJson(new String(io.readBytes(file), StandardCharsets.UTF_8), file);
  }

  /**
   * @throws CorruptSnapshotException not valid snapshot JSON; the message names the field and value
   */
  public static Snapshot fromJson(String json) {
    return fromJson(json, null);
  }

  static Snapshot fromJson(String json, @Nullable Path file) {
    try {
      return parse(PaimonJson.parseObject(json), WHERE);
    } catch (IllegalArgumentException e) {
      throw new CorruptSnapshotException("Invalid snapshot JSON: " + e.getMessage(), file, e);
    }
  }

  static void writeFields(JsonGenerator g, Snapshot s) throws IOException {
    g.writeNumberField("version", s.version());
    g.writeNumberField("id", s.id());
    g.writeNumberField("schemaId", s.schemaId());
    g.writeStringField("baseManifestList", s.baseManifestList());
    writeIfPresent(g, "baseManifestListSize", s.baseManifestListSize());
    g.writeStringField("deltaManifestList", s.deltaManifestList());
    writeIfPresent(g, "deltaManifestListSize", s.deltaManifestListSize());
    if (s.changelogManifestList() != null || s.logOffsets() != null) {
      // 1.2/1.3 layout (with logOffsets) writes a null list; 1.4 dropped logOffsets and omits it.
      g.writeStringField("changelogManifestList", s.changelogManifestList());
    }
    writeIfPresent(g, "changelogManifestListSize", s.changelogManifestListSize());
    if (s.indexManifest() != null) {
      g.writeStringField("indexManifest", s.indexManifest());
    }
    g.writeStringField("commitUser", s.commitUser());
    g.writeNumberField("commitIdentifier", s.commitIdentifier());
    g.writeStringField("commitKind", s.commitKind().name());
    g.writeNumberField("timeMillis", s.timeMillis());
    if (s.logOffsets() != null) {
      g.writeObjectFieldStart("logOffsets");
      for (Map.Entry<Integer, Long> e : s.logOffsets().entrySet()) {
        g.writeNumberField(String.valueOf(e.getKey()), e.getValue());
      }
      g.writeEndObject();
    }
    writeOrNull(g, "totalRecordCount", s.totalRecordCount());
    writeOrNull(g, "deltaRecordCount", s.deltaRecordCount());
    writeIfPresent(g, "changelogRecordCount", s.changelogRecordCount());
    writeIfPresent(g, "watermark", s.watermark());
    if (s.statistics() != null) {
      g.writeStringField("statistics", s.statistics());
    }
    if (s.properties() != null) {
      g.writeObjectFieldStart("properties");
      for (Map.Entry<String, String> e : s.properties().entrySet()) {
        g.writeStringField(e.getKey(), e.getValue());
      }
      g.writeEndObject();
    }
    writeIfPresent(g, "nextRowId", s.nextRowId());
  }

  private static void writeIfPresent(JsonGenerator g, String name, @Nullable Long value)
      throws IOException {
    if (value != null) {
      g.writeNumberField(name, value);
    }
  }

  private static void writeOrNull(JsonGenerator g, String name, @Nullable Long value)
      throws IOException {
    if (value == null) {
      g.writeNullField(name);
    } else {
      g.writeNumberField(name, value);
    }
  }

  static Snapshot parse(JsonNode node, String where) {
    JsonNode version = optional(node, "version");
    String kind = requiredString(node, "commitKind", where);
    CommitKind commitKind;
    try {
      commitKind = CommitKind.valueOf(kind);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "Invalid field 'commitKind' in " + where + ": unknown kind '" + kind + "'");
    }
    return new Snapshot(
        version == null ? 1 : (int) requiredLong(node, "version", where),
        requiredLong(node, "id", where),
        requiredLong(node, "schemaId", where),
        requiredString(node, "baseManifestList", where),
        optionalLong(node, "baseManifestListSize", where),
        requiredString(node, "deltaManifestList", where),
        optionalLong(node, "deltaManifestListSize", where),
        optionalString(node, "changelogManifestList", where),
        optionalLong(node, "changelogManifestListSize", where),
        optionalString(node, "indexManifest", where),
        requiredString(node, "commitUser", where),
        requiredLong(node, "commitIdentifier", where),
        commitKind,
        requiredLong(node, "timeMillis", where),
        logOffsets(node, where),
        optionalLong(node, "totalRecordCount", where),
        optionalLong(node, "deltaRecordCount", where),
        optionalLong(node, "changelogRecordCount", where),
        optionalLong(node, "watermark", where),
        optionalString(node, "statistics", where),
        PaimonJson.stringMap(node, "properties", where),
        optionalLong(node, "nextRowId", where));
  }

  private static @Nullable Map<Integer, Long> logOffsets(JsonNode node, String where) {
    JsonNode offsets = optional(node, "logOffsets");
    if (offsets == null) {
      return null;
    }
    if (!offsets.isObject()) {
      throw new IllegalArgumentException(
          "Invalid field 'logOffsets' in "
              + where
              + ": expected an object, was "
              + PaimonJson.abbreviate(offsets));
    }
    Map<Integer, Long> result = new LinkedHashMap<>();
    var fields = offsets.fields();
    while (fields.hasNext()) {
      var e = fields.next();
      int bucket;
      try {
        bucket = Integer.parseInt(e.getKey());
      } catch (NumberFormatException ex) {
        throw new IllegalArgumentException(
            "Invalid field 'logOffsets' in "
                + where
                + ": key '"
                + e.getKey()
                + "' is not a bucket number");
      }
      result.put(bucket, PaimonJson.asLong(e.getValue(), "logOffsets." + e.getKey(), where));
    }
    return result;
  }
}
