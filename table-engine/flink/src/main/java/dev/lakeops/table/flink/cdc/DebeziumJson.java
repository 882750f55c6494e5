package dev.lakeops.table.flink.cdc;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.RowType;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Turns Debezium change events, as Kafka Connect's {@code JsonConverter} writes them, into the rows
 * of a lake table: a create or snapshot read ({@code op} {@code c}, {@code r}) is {@code +I} of
 * {@code after}; an update ({@code u}) is {@code -U} of {@code before} (when the source sends it)
 * then {@code +U} of {@code after}; a delete ({@code d}) is {@code -D} of {@code before}. Events
 * flattened by Debezium's {@code ExtractNewRecordState} are upserts, or deletes when {@code
 * __deleted} is {@code true} or {@code __op} is {@code d}. Schema messages ({@code op} {@code m})
 * give no rows.
 *
 * <p>Both converter settings are read: with {@code schemas.enable=true} ({@code {"schema":…,
 * "payload":…}}) a field's Debezium semantic type decides how a number is read (days, millis,
 * micros or nanos; a {@code Decimal}'s scale); without schemas the lake column's type decides: a
 * number in a {@code TIMESTAMP(p)} column is millis for p ≤ 3, micros for p ≤ 6, nanos above, as
 * Debezium's default {@code time.precision.mode} writes them. Without schemas a decimal's encoding
 * cannot be told from its value ({@code "1234"} is a number and also valid base64), so it is said
 * when the converter is made: {@link DecimalText#TEXT} for {@code decimal.handling.mode=string} or
 * {@code double}, {@link DecimalText#BASE64} for the default {@code precise} (the unscaled bytes,
 * at the column's scale).
 *
 * <p>Columns are matched by name, exactly or else ignoring case (MySQL's names are); source fields
 * the table lacks are ignored; a table column the event lacks is null. Written by hand rather than
 * with Flink's {@code debezium-json} format, which produces Flink's {@code RowData} for Flink SQL,
 * not the engine's rows. Not thread safe.
 */
public final class DebeziumJson {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** How a decimal comes as a JSON string when the event has no schema. */
  public enum DecimalText {
    /** {@code "12.50"}: Debezium's {@code decimal.handling.mode=string} */
    TEXT,
    /** the unscaled two's-complement bytes in base64: the default {@code precise} mode */
    BASE64
  }

  private final RowType rowType;
  private final List<String> columns;
  private final DecimalText decimalText;

  private DebeziumJson(RowType rowType, DecimalText decimalText) {
    this.rowType = rowType;
    this.columns = rowType.fieldNames();
    this.decimalText = decimalText;
  }

  /** As {@link #forRowType(RowType, DecimalText)} with decimals as {@link DecimalText#TEXT}. */
  public static DebeziumJson forRowType(RowType rowType) {
    return forRowType(rowType, DecimalText.TEXT);
  }

  /**
   * The converter for rows of {@code rowType}.
   *
   * @throws IllegalArgumentException a column's type cannot come from a Debezium event (ARRAY, MAP,
   *     ROW), naming the column
   */
  public static DebeziumJson forRowType(RowType rowType, DecimalText decimalText) {
    for (DataField field : rowType.fields()) {
      if (!(field.type() instanceof AtomicType)) {
        throw new IllegalArgumentException(
            "Column "
                + field.name()
                + " of type "
                + field.type().asSql()
                + " cannot be filled from Debezium change events: only atomic types can");
      }
    }
    return new DebeziumJson(rowType, decimalText);
  }

  /**
   * The rows of one change event; none for a schema message.
   *
   * @throws IllegalArgumentException the value is not JSON, not a change event, or a field does not
   *     fit its column (naming the field and the value)
   */
  public List<Row> rows(byte[] value) {
    JsonNode root;
    try {
      root = JSON.readTree(value);
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "Invalid Debezium change event: not JSON (" + firstLine(e) + ")", e);
    }
    if (root == null || !root.isObject()) {
      throw new IllegalArgumentException("Invalid Debezium change event: not a JSON object");
    }
    Map<String, JsonNode> fieldSchemas = Map.of();
    JsonNode event = root;
    if (root.has("payload") && root.has("schema")) {
      event = root.get("payload");
      fieldSchemas = fieldSchemas(root.get("schema"));
      if (event == null || !event.isObject()) {
        throw new IllegalArgumentException(
            "Invalid Debezium change event: the payload is not a JSON object");
      }
    }
    JsonNode op = event.get("op");
    if (op == null || op.isNull()) {
      return List.of(flattened(event, fieldSchemas));
    }
    String code = op.asText();
    return switch (code) {
      case "c", "r" -> List.of(image(event, "after", RowKind.INSERT, fieldSchemas));
      case "u" -> {
        List<Row> rows = new ArrayList<>(2);
        JsonNode before = event.get("before");
        if (before != null && !before.isNull()) {
          rows.add(image(event, "before", RowKind.UPDATE_BEFORE, fieldSchemas));
        }
        rows.add(image(event, "after", RowKind.UPDATE_AFTER, fieldSchemas));
        yield rows;
      }
      case "d" -> List.of(image(event, "before", RowKind.DELETE, fieldSchemas));
      case "m" -> List.of();
      case "t" ->
          throw new IllegalArgumentException(
              "Debezium truncate event (op t) cannot be applied to a lake table: truncate the"
                  + " table by hand, or leave 't' in the connector's skipped.operations");
      default ->
          throw new IllegalArgumentException(
              "Invalid Debezium change event: unknown op '" + code + "' (known: c, r, u, d, m, t)");
    };
  }

  private Row flattened(JsonNode event, Map<String, JsonNode> fieldSchemas) {
    if (event.has("before") || event.has("after")) {
      throw new IllegalArgumentException(
          "Invalid Debezium change event: it has before/after but no op");
    }
    boolean deleted =
        "true".equalsIgnoreCase(text(event.get("__deleted")))
            || "d".equals(text(event.get("__op")));
    return values(event, deleted ? RowKind.DELETE : RowKind.INSERT, "record", fieldSchemas);
  }

  private Row image(JsonNode event, String side, RowKind kind, Map<String, JsonNode> schemas) {
    JsonNode image = event.get(side);
    if (image == null || !image.isObject()) {
      throw new IllegalArgumentException(
          "Invalid Debezium change event: op '"
              + event.get("op").asText()
              + "' without a '"
              + side
              + "' object");
    }
    return values(image, kind, side, schemas);
  }

  private Row values(JsonNode image, RowKind kind, String side, Map<String, JsonNode> schemas) {
    Map<String, JsonNode> byLowerName = new HashMap<>();
    image.fields().forEachRemaining(e -> byLowerName.put(lower(e.getKey()), e.getValue()));
    Object[] values = new Object[columns.size()];
    for (int i = 0; i < values.length; i++) {
      String column = columns.get(i);
      JsonNode node = image.has(column) ? image.get(column) : byLowerName.get(lower(column));
      JsonNode schema = schemas.get(lower(column));
      AtomicType type = (AtomicType) rowType.typeAt(i);
      values[i] = value(node, schema, type, side, column, decimalText);
      if (values[i] == null && !type.nullable()) {
        throw new IllegalArgumentException(
            "Debezium change event: "
                + side
                + "."
                + column
                + " is "
                + (node == null ? "missing" : "null")
                + " but the column is "
                + type.asSql());
      }
    }
    return Row.wrap(kind, values);
  }

  private static @Nullable Object value(
      @Nullable JsonNode node,
      @Nullable JsonNode schema,
      AtomicType type,
      String side,
      String col,
      DecimalText decimalText) {
    if (node == null || node.isNull()) {
      return null;
    }
    String semantic = schema == null ? "" : text(schema.get("name"));
    try {
      return switch (type.root()) {
        case BOOLEAN -> node.isBoolean() ? node.booleanValue() : integral(node) != 0;
        case TINYINT -> (byte) fitting(node, Byte.MIN_VALUE, Byte.MAX_VALUE);
        case SMALLINT -> (short) fitting(node, Short.MIN_VALUE, Short.MAX_VALUE);
        case INT -> (int) fitting(node, Integer.MIN_VALUE, Integer.MAX_VALUE);
        case BIGINT -> integral(node);
        case FLOAT -> (float) number(node).doubleValue();
        case DOUBLE -> number(node).doubleValue();
        case DECIMAL -> decimal(node, schema, type, decimalText);
        case CHAR, VARCHAR -> node.isTextual() ? node.textValue() : node.toString();
        case BINARY, VARBINARY -> Base64.getDecoder().decode(node.asText());
        case DATE ->
            node.isNumber()
                ? LocalDate.ofEpochDay(node.longValue())
                : LocalDate.parse(node.asText());
        case TIME -> time(node, semantic);
        case TIMESTAMP -> LocalDateTime.ofInstant(instant(node, semantic, type), ZoneOffset.UTC);
        case TIMESTAMP_LTZ -> instant(node, semantic, type);
      };
    } catch (IllegalArgumentException | ArithmeticException | DateTimeException e) {
      throw new IllegalArgumentException(
          "Debezium change event: "
              + side
              + "."
              + col
              + " = "
              + abbreviate(node.toString())
              + " does not fit column type "
              + type.asSql()
              + ": "
              + e.getMessage(),
          e);
    }
  }

  private static long fitting(JsonNode node, long min, long max) {
    long value = integral(node);
    if (value < min || value > max) {
      throw new ArithmeticException("out of range");
    }
    return value;
  }

  private static long integral(JsonNode node) {
    if (node.isIntegralNumber() && node.canConvertToLong()) {
      return node.longValue();
    }
    if (node.isTextual()) {
      return Long.parseLong(node.textValue().trim());
    }
    throw new IllegalArgumentException("not an integer");
  }

  private static BigDecimal number(JsonNode node) {
    if (node.isNumber()) {
      return node.decimalValue();
    }
    if (node.isTextual()) {
      return new BigDecimal(node.textValue().trim());
    }
    throw new IllegalArgumentException("not a number");
  }

  private static BigDecimal decimal(
      JsonNode node, @Nullable JsonNode schema, AtomicType type, DecimalText decimalText) {
    BigDecimal value;
    if (node.isObject() && node.has("scale") && node.has("value")) {
      // io.debezium.data.VariableScaleDecimal
      value = unscaled(node.get("value").asText(), node.get("scale").asInt());
    } else if (node.isNumber()) {
      value = node.decimalValue();
    } else if (schema != null
        && "org.apache.kafka.connect.data.Decimal".equals(text(schema.get("name")))) {
      JsonNode scale = schema.path("parameters").get("scale");
      value =
          unscaled(node.asText(), scale == null ? type.scale() : Integer.parseInt(scale.asText()));
    } else if (schema != null || decimalText == DecimalText.TEXT) {
      value = new BigDecimal(node.asText().trim());
    } else {
      value = unscaled(node.asText(), type.scale());
    }
    BigDecimal scaled = value.setScale(type.scale(), RoundingMode.UNNECESSARY);
    if (scaled.precision() > type.precision()) {
      throw new ArithmeticException("more than " + type.precision() + " digits");
    }
    return scaled;
  }

  private static BigDecimal unscaled(String base64, int scale) {
    return new BigDecimal(new BigInteger(Base64.getDecoder().decode(base64)), scale);
  }

  private static LocalTime time(JsonNode node, String semantic) {
    if (!node.isNumber()) {
      return LocalTime.parse(node.asText());
    }
    long nanos =
        switch (semantic) {
          case "io.debezium.time.Time" -> node.longValue() * 1_000_000L;
          case "io.debezium.time.NanoTime" -> node.longValue();
          default -> node.longValue() * 1_000L; // MicroTime, the MySQL connectors' default
        };
    return LocalTime.ofNanoOfDay(nanos);
  }

  private static Instant instant(JsonNode node, String semantic, AtomicType type) {
    if (!node.isNumber()) {
      String text = node.asText();
      try {
        return OffsetDateTime.parse(text).toInstant(); // io.debezium.time.ZonedTimestamp
      } catch (DateTimeParseException e) {
        return LocalDateTime.parse(text).toInstant(ZoneOffset.UTC);
      }
    }
    long value = node.longValue();
    String unit =
        switch (semantic) {
          case "io.debezium.time.Timestamp" -> "millis";
          case "io.debezium.time.MicroTimestamp" -> "micros";
          case "io.debezium.time.NanoTimestamp" -> "nanos";
          default -> type.precision() <= 3 ? "millis" : type.precision() <= 6 ? "micros" : "nanos";
        };
    return switch (unit) {
      case "millis" -> Instant.ofEpochMilli(value);
      case "micros" ->
          Instant.ofEpochSecond(
              Math.floorDiv(value, 1_000_000L), Math.floorMod(value, 1_000_000L) * 1_000L);
      default ->
          Instant.ofEpochSecond(
              Math.floorDiv(value, 1_000_000_000L), Math.floorMod(value, 1_000_000_000L));
    };
  }

  // the Connect schemas of the fields of the before/after structs (or of a flattened record), by
  // lower-case field name
  private static Map<String, JsonNode> fieldSchemas(@Nullable JsonNode schema) {
    Map<String, JsonNode> byName = new HashMap<>();
    if (schema == null) {
      return byName;
    }
    for (JsonNode field : schema.path("fields")) {
      String name = text(field.get("field"));
      if (("before".equals(name) || "after".equals(name)) && field.has("fields")) {
        for (JsonNode column : field.get("fields")) {
          byName.putIfAbsent(lower(text(column.get("field"))), column);
        }
      } else if (!name.isEmpty()) {
        byName.putIfAbsent(lower(name), field);
      }
    }
    return byName;
  }

  private static String text(@Nullable JsonNode node) {
    return node == null || node.isNull() ? "" : node.asText();
  }

  private static String lower(String name) {
    return name.toLowerCase(Locale.ROOT);
  }

  private static String abbreviate(String text) {
    return text.length() <= 80 ? text : text.substring(0, 77) + "...";
  }

  private static String firstLine(Exception e) {
    String message =
        e instanceof JsonProcessingException j ? j.getOriginalMessage() : e.getMessage();
    return message == null ? e.getClass().getSimpleName() : message.lines().findFirst().orElse("");
  }
}
