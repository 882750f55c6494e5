package dev.lakeops.table.paths;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataType;
import dev.lakeops.table.types.RowType;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The partition-path codec: a partition's values to its Hive-style relative directory ({@code
 * k1=v1/k2=v2}, escaped) and back, as Paimon's {@code PartitionPathUtils} and {@code
 * InternalRowPartitionComputer} do (see {@code paimon-format.md} §1).
 */
public final class PartitionPaths {

  public static final String DEFAULT_PARTITION_NAME = "__DEFAULT_PARTITION__";

  private PartitionPaths() {}

  /**
   * The relative directory of a partition, Hive style: {@code k1=v1/k2=v2} in the given order, keys
   * and values escaped (see {@link #escapePathName}); empty for an empty spec.
   */
  public static String partitionPath(LinkedHashMap<String, String> spec) {
    List<String> parts = new ArrayList<>(spec.size());
    for (Map.Entry<String, String> e : spec.entrySet()) {
      parts.add(escapePathName(e.getKey()) + "=" + escapePathName(e.getValue()));
    }
    return String.join("/", parts);
  }

  /**
   * The partition spec (column → directory value) of a partition row, as Paimon names its
   * directories: null, empty and blank values become {@code defaultName} ({@code
   * partition.default-name}). With {@code legacyName} ({@code partition.legacy-name}, the default)
   * a value is rendered as Paimon's internal value prints: DATE as its epoch day, TIME as its
   * millisecond of day, TIMESTAMP as ISO {@code LocalDateTime}. Without it, DATE is rendered ISO
   * ({@code 2024-01-01}); TIME and TIMESTAMP are not supported then.
   *
   * @throws IllegalArgumentException for a BINARY/VARBINARY or nested partition column, whose
   *     directory name Paimon does not define usefully
   */
  public static LinkedHashMap<String, String> partitionSpec(
      RowType partitionType, Row partition, String defaultName, boolean legacyName) {
    if (partition.arity() != partitionType.arity()) {
      throw new IllegalArgumentException(
          "Invalid partition row: "
              + partition.arity()
              + " values for partition type "
              + partitionType.fieldNames());
    }
    LinkedHashMap<String, String> spec = new LinkedHashMap<>();
    for (int i = 0; i < partitionType.arity(); i++) {
      String name = partitionType.fields().get(i).name();
      Object value = partition.get(i);
      String text = value == null ? null : render(name, partitionType.typeAt(i), value, legacyName);
      spec.put(name, text == null || text.isBlank() ? defaultName : text);
    }
    return spec;
  }

  /** {@link #partitionPath(LinkedHashMap)} of {@link #partitionSpec}. */
  public static String partitionPath(
      RowType partitionType, Row partition, String defaultName, boolean legacyName) {
    return partitionPath(partitionSpec(partitionType, partition, defaultName, legacyName));
  }

  private static String render(String column, DataType type, Object value, boolean legacyName) {
    if (!(type instanceof AtomicType atomic)) {
      throw new IllegalArgumentException(
          "Unsupported partition column " + column + ": " + type.asSql());
    }
    return switch (atomic.root()) {
      case CHAR, VARCHAR, BOOLEAN, TINYINT, SMALLINT, INT, BIGINT, FLOAT, DOUBLE ->
          value.toString();
      case DECIMAL ->
          ((BigDecimal) value).setScale(atomic.scale(), RoundingMode.HALF_UP).toPlainString();
      case DATE -> legacyName ? Long.toString(((LocalDate) value).toEpochDay()) : value.toString();
      case TIME -> {
        requireLegacy(column, type, legacyName);
        yield Integer.toString((int) (((LocalTime) value).toNanoOfDay() / 1_000_000));
      }
      case TIMESTAMP -> {
        requireLegacy(column, type, legacyName);
        yield value.toString();
      }
      case TIMESTAMP_LTZ -> {
        requireLegacy(column, type, legacyName);
        yield LocalDateTime.ofInstant((Instant) value, ZoneOffset.UTC).toString();
      }
      case BINARY, VARBINARY ->
          throw new IllegalArgumentException(
              "Unsupported partition column " + column + ": " + type.asSql());
    };
  }

  private static void requireLegacy(String column, DataType type, boolean legacyName) {
    if (!legacyName) {
      throw new IllegalArgumentException(
          "Unsupported partition column "
              + column
              + ": "
              + type.asSql()
              + " with partition.legacy-name=false");
    }
  }

  /**
   * Parses a relative partition directory ({@code k1=v1/k2=v2}, trailing slash allowed) into its
   * unescaped spec; path elements that are not {@code key=value} are ignored, like Paimon does.
   */
  public static LinkedHashMap<String, String> parsePartitionPath(String relativePath) {
    LinkedHashMap<String, String> spec = new LinkedHashMap<>();
    for (String element : relativePath.split("/")) {
      int eq = element.indexOf('=');
      if (eq <= 0 || eq == element.length() - 1) {
        continue;
      }
      spec.put(
          unescapePathName(element.substring(0, eq)), unescapePathName(element.substring(eq + 1)));
    }
    return spec;
  }

  /**
   * Escapes a partition key or value as {@code %XX} (uppercase hex): control characters
   * (0x00–0x1F), {@code "#%'*\/:=?\{}[]^} and DEL (0x7F).
   */
  public static String escapePathName(String name) {
    if (name.isEmpty()) {
      throw new IllegalArgumentException("Invalid partition path element: empty");
    }
    StringBuilder sb = new StringBuilder(name.length() + 8);
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (needsEscaping(c)) {
        sb.append('%');
        if (c < 16) {
          sb.append('0');
        }
        sb.append(Integer.toHexString(c).toUpperCase(java.util.Locale.ROOT));
      } else {
        sb.append(c);
      }
    }
    return sb.toString();
  }

  /** Reverses {@link #escapePathName}; a {@code %} not followed by two hex digits stays as is. */
  public static String unescapePathName(String name) {
    StringBuilder sb = new StringBuilder(name.length());
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (c == '%'
          && i + 2 < name.length()
          && isHex(name.charAt(i + 1))
          && isHex(name.charAt(i + 2))) {
        sb.append((char) Integer.parseInt(name.substring(i + 1, i + 3), 16));
        i += 2;
      } else {
        sb.append(c);
      }
    }
    return sb.toString();
  }

  private static boolean isHex(char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
  }

  private static boolean needsEscaping(char c) {
    return c < ' ' || c == 0x7F || "\"#%'*/:=?\\{}[]^".indexOf(c) >= 0;
  }
}
