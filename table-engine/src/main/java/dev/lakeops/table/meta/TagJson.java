package dev.lakeops.table.meta;

import static dev.lakeops.table.meta.PaimonJson.optional;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.table.io.FileIO;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.LocalDateTime;
import org.jspecify.annotations.Nullable;

/**
 * Tag JSON ({@code tag/tag-<name>}): the snapshot's fields as {@link SnapshotJson} writes them,
 * then {@code tagCreateTime} and {@code tagTimeRetained} when present, in the form of Jackson's
 * Java-time module that Paimon uses: a {@code LocalDateTime} as an array {@code [year, month, day,
 * hour, minute(, second(, nano))]} and a {@code Duration} as decimal seconds with nine fraction
 * digits ({@code 3600.000000000}). Reading also accepts ISO-8601 strings.
 */
public final class TagJson {

  private static final String WHERE = "tag";

  private TagJson() {}

  public static String toJson(Tag tag) {
    return PaimonJson.write(
        g -> {
          g.writeStartObject();
          SnapshotJson.writeFields(g, tag.snapshot());
          if (tag.createTime() != null) {
            g.writeFieldName("tagCreateTime");
            writeLocalDateTime(g, tag.createTime());
          }
          if (tag.timeRetained() != null) {
            Duration d = tag.timeRetained();
            g.writeFieldName("tagTimeRetained");
            g.writeNumber(
                BigDecimal.valueOf(d.getSeconds())
                    .add(BigDecimal.valueOf(d.getNano(), 9))
                    .setScale(9)
                    .toPlainString());
          }
          g.writeEndObject();
        });
  }

  private static void writeLocalDateTime(JsonGenerator g, LocalDateTime t) throws IOException {
    g.writeStartArray();
    g.writeNumber(t.getYear());
    g.writeNumber(t.getMonthValue());
    g.writeNumber(t.getDayOfMonth());
    g.writeNumber(t.getHour());
    g.writeNumber(t.getMinute());
    if (t.getSecond() > 0 || t.getNano() > 0) {
      g.writeNumber(t.getSecond());
      if (t.getNano() > 0) {
        g.writeNumber(t.getNano());
      }
    }
    g.writeEndArray();
  }

  /**
   * @throws CorruptSnapshotException not valid tag JSON; names the file
   * @throws java.io.UncheckedIOException the file cannot be read (a missing file included)
   */
  public static Tag load(FileIO io, Path file) {
    return fromJson(new String(io.readBytes(file), StandardCharsets.UTF_8), file);
  }

  /**
   * @throws CorruptSnapshotException not valid tag JSON
   */
  public static Tag fromJson(String json) {
    return fromJson(json, null);
  }

  private static Tag fromJson(String json, @Nullable Path file) {
    try {
      JsonNode node = PaimonJson.parseObject(json);
      Snapshot snapshot = SnapshotJson.parse(node, WHERE);
      return new Tag(
          snapshot,
          createTime(optional(node, "tagCreateTime")),
          timeRetained(optional(node, "tagTimeRetained")));
    } catch (IllegalArgumentException e) {
      throw new CorruptSnapshotException("Invalid tag JSON: " + e.getMessage(), file, e);
    }
  }

  private static @Nullable LocalDateTime createTime(@Nullable JsonNode node) {
    if (node == null) {
      return null;
    }
    try {
      if (node.isTextual()) {
        return LocalDateTime.parse(node.textValue());
      }
      if (node.isArray() && node.size() >= 5 && node.size() <= 7) {
        int[] parts = new int[7];
        for (int i = 0; i < node.size(); i++) {
          if (!node.get(i).canConvertToInt() || !node.get(i).isIntegralNumber()) {
            throw new IllegalArgumentException("element " + i + " is not an integer");
          }
          parts[i] = node.get(i).intValue();
        }
        return LocalDateTime.of(
            parts[0], parts[1], parts[2], parts[3], parts[4], parts[5], parts[6]);
      }
    } catch (DateTimeException | IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "Invalid field 'tagCreateTime' in tag: "
              + PaimonJson.abbreviate(node)
              + " ("
              + e.getMessage()
              + ")",
          e);
    }
    throw new IllegalArgumentException(
        "Invalid field 'tagCreateTime' in tag: expected [y, m, d, h, min, s, nanos], was "
            + PaimonJson.abbreviate(node));
  }

  private static @Nullable Duration timeRetained(@Nullable JsonNode node) {
    if (node == null) {
      return null;
    }
    try {
      if (node.isTextual()) {
        return Duration.parse(node.textValue());
      }
      if (node.isNumber()) {
        BigDecimal seconds = node.decimalValue();
        BigDecimal whole = seconds.setScale(0, java.math.RoundingMode.FLOOR);
        return Duration.ofSeconds(
            whole.longValueExact(), seconds.subtract(whole).movePointRight(9).longValue());
      }
    } catch (DateTimeException | ArithmeticException e) {
      throw new IllegalArgumentException(
          "Invalid field 'tagTimeRetained' in tag: " + PaimonJson.abbreviate(node), e);
    }
    throw new IllegalArgumentException(
        "Invalid field 'tagTimeRetained' in tag: expected seconds, was "
            + PaimonJson.abbreviate(node));
  }
}
