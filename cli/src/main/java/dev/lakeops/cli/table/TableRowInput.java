package dev.lakeops.cli.table;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.types.ArrayType;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataType;
import dev.lakeops.table.types.MapType;
import dev.lakeops.table.types.RowType;
import dev.lakeops.table.types.TypeRoot;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Rows for {@code table write}, typed by the table's columns, from CSV (a header row naming the
 * columns, RFC 4180 quoting; an empty unquoted field is null, {@code ""} the empty string) or JSON
 * lines (one object per line, keys are column names). Columns left out are null. Values are
 * literals, never evaluated: numbers, {@code true}/{@code false}, ISO dates and times, base64 for
 * binaries; ARRAY, MAP and ROW columns only in JSON. Every error names the line and the column.
 */
final class TableRowInput {

  /** Input that does not fit the table; the message names the line and, where known, the column. */
  static final class BadInputException extends RuntimeException {
    BadInputException(String message) {
      super(message);
    }
  }

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final RowType columns;
  private final ZoneId zone;
  private final String source;

  /**
   * @param source how the input is named in messages, e.g. the file name or {@code stdin}
   */
  TableRowInput(RowType columns, ZoneId zone, String source) {
    this.columns = columns;
    this.zone = zone;
    this.source = source;
  }

  /**
   * @throws BadInputException a header or line that does not parse or fit the columns
   */
  List<Row> csv(BufferedReader in) {
    List<Row> rows = new ArrayList<>();
    CsvRecords records = new CsvRecords(in);
    List<CsvRecords.Field> header = records.next();
    if (header == null) {
      return rows;
    }
    int[] indexes = new int[header.size()];
    for (int i = 0; i < header.size(); i++) {
      String name = header.get(i).text().strip();
      if (i == 0 && name.startsWith("\uFEFF")) {
        name = name.substring(1).strip(); // a byte-order mark, as spreadsheet exports write
      }
      indexes[i] = columns.indexOf(name);
      if (indexes[i] < 0) {
        throw bad(
            records.startLine(),
            "header column "
                + (i + 1)
                + " '"
                + name
                + "' is not a column of the table (columns: "
                + String.join(", ", columns.fieldNames())
                + ")");
      }
      for (int j = 0; j < i; j++) {
        if (indexes[j] == indexes[i]) {
          throw bad(records.startLine(), "header names column '" + name + "' twice");
        }
      }
    }
    List<CsvRecords.Field> fields;
    while ((fields = records.next()) != null) {
      int line = records.startLine();
      if (fields.size() == 1 && !fields.get(0).quoted() && fields.get(0).text().isEmpty()) {
        continue; // blank line
      }
      if (fields.size() != header.size()) {
        throw bad(line, fields.size() + " fields, the header has " + header.size());
      }
      Object[] values = new Object[columns.arity()];
      for (int i = 0; i < fields.size(); i++) {
        CsvRecords.Field f = fields.get(i);
        String name = columns.fields().get(indexes[i]).name();
        DataType type = columns.typeAt(indexes[i]);
        values[indexes[i]] =
            !f.quoted() && f.text().isEmpty() ? null : fromText(line, name, type, f.text());
      }
      rows.add(checkNulls(line, values));
    }
    return rows;
  }

  /**
   * @throws BadInputException a line that is not a JSON object or whose values do not fit the
   *     columns
   */
  List<Row> jsonLines(BufferedReader in) {
    List<Row> rows = new ArrayList<>();
    int line = 0;
    try {
      String text;
      while ((text = in.readLine()) != null) {
        line++;
        if (text.isBlank()) {
          continue;
        }
        JsonNode node;
        try {
          node = MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
          throw bad(
              line,
              "not JSON ("
                  + e.getOriginalMessage()
                  + " at character "
                  + e.getLocation().getColumnNr()
                  + ")");
        }
        if (!node.isObject()) {
          throw bad(
              line,
              "expected a JSON object {\"column\": value, ...}, found "
                  + node.getNodeType().toString().toLowerCase(Locale.ROOT));
        }
        Object[] values = new Object[columns.arity()];
        Iterator<Map.Entry<String, JsonNode>> it = node.fields();
        while (it.hasNext()) {
          Map.Entry<String, JsonNode> e = it.next();
          int index = columns.indexOf(e.getKey());
          if (index < 0) {
            throw bad(
                line,
                "'"
                    + e.getKey()
                    + "' is not a column of the table (columns: "
                    + String.join(", ", columns.fieldNames())
                    + ")");
          }
          values[index] = fromJson(line, e.getKey(), columns.typeAt(index), e.getValue());
        }
        rows.add(checkNulls(line, values));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to read " + source + " at line " + (line + 1), e);
    }
    return rows;
  }

  private Row checkNulls(int line, Object[] values) {
    for (int i = 0; i < values.length; i++) {
      if (values[i] == null && !columns.typeAt(i).nullable()) {
        throw bad(
            line,
            "column '"
                + columns.fields().get(i).name()
                + "' is "
                + columns.typeAt(i).asSql()
                + " but has no value");
      }
    }
    return Row.of(values);
  }

  private Object fromJson(int line, String column, DataType type, JsonNode node) {
    if (node.isNull()) {
      return null;
    }
    if (type instanceof ArrayType array) {
      if (!node.isArray()) {
        throw bad(line, column, "expected a JSON array for " + type.asSql());
      }
      List<Object> list = new ArrayList<>();
      node.forEach(n -> list.add(fromJson(line, column, array.element(), n)));
      return list;
    }
    if (type instanceof MapType map) {
      if (!node.isObject()) {
        throw bad(line, column, "expected a JSON object for " + type.asSql());
      }
      Map<Object, Object> values = new LinkedHashMap<>();
      node.fields()
          .forEachRemaining(
              e ->
                  values.put(
                      fromText(line, column, map.key(), e.getKey()),
                      fromJson(line, column, map.value(), e.getValue())));
      return values;
    }
    if (type instanceof RowType row) {
      if (!node.isObject()) {
        throw bad(line, column, "expected a JSON object for " + type.asSql());
      }
      Object[] values = new Object[row.arity()];
      for (int i = 0; i < row.arity(); i++) {
        JsonNode v = node.get(row.fields().get(i).name());
        values[i] =
            v == null
                ? null
                : fromJson(line, column + "." + row.fields().get(i).name(), row.typeAt(i), v);
      }
      return Row.of(values);
    }
    AtomicType atomic = (AtomicType) type;
    switch (atomic.root()) {
      case BOOLEAN -> {
        if (!node.isBoolean()) {
          throw bad(line, column, node + " is not a valid BOOLEAN value (true or false)");
        }
        return node.booleanValue();
      }
      case TINYINT, SMALLINT, INT, BIGINT, FLOAT, DOUBLE, DECIMAL -> {
        if (!node.isNumber() && !node.isTextual()) {
          throw bad(line, column, node + " is not a valid " + name(atomic) + " value");
        }
        return fromText(line, column, type, node.isTextual() ? node.textValue() : node.asText());
      }
      default -> {
        if (!node.isTextual()) {
          throw bad(
              line,
              column,
              node + " is not a valid " + name(atomic) + " value (expected a JSON string)");
        }
        return fromText(line, column, type, node.textValue());
      }
    }
  }

  private Object fromText(int line, String column, DataType type, String text) {
    if (!(type instanceof AtomicType atomic)) {
      throw bad(
          line, column, type.asSql() + " columns are written from JSON lines only (--format json)");
    }
    String t = text.strip();
    try {
      return atomic.root() == TypeRoot.DECIMAL
          ? decimal(atomic, t)
          : TableLiterals.parse(atomic, text, zone);
    } catch (NumberFormatException | DateTimeException | ArithmeticException e) {
      throw bad(line, column, "'" + t + "' is not a valid " + name(atomic) + " value");
    } catch (IllegalArgumentException e) {
      throw bad(line, column, "'" + t + "' is not base64 for " + name(atomic));
    }
  }

  /** The type as a value's type: without NOT NULL, which is about absent values. */
  private static String name(DataType type) {
    return type.withNullable(true).asSql();
  }

  private static BigDecimal decimal(AtomicType type, String t) {
    BigDecimal d = new BigDecimal(t).setScale(type.scale(), java.math.RoundingMode.UNNECESSARY);
    if (d.precision() > type.precision()) {
      throw new ArithmeticException("too many digits");
    }
    return d;
  }

  private BadInputException bad(int line, String column, String what) {
    return bad(line, "column '" + column + "': " + what);
  }

  private BadInputException bad(int line, String what) {
    return new BadInputException(source + " line " + line + ": " + what);
  }

  /**
   * RFC 4180 records: comma-separated, double-quoted fields may hold commas, quotes ("") and line
   * breaks.
   */
  private final class CsvRecords {
    record Field(String text, boolean quoted) {}

    private final BufferedReader in;
    private int line;
    private int startLine;

    CsvRecords(BufferedReader in) {
      this.in = in;
    }

    int startLine() {
      return startLine;
    }

    /** The next record, or null at the end. */
    List<Field> next() {
      String text = readLine();
      if (text == null) {
        return null;
      }
      startLine = line;
      List<Field> fields = new ArrayList<>();
      StringBuilder field = new StringBuilder();
      boolean quoted = false;
      boolean inQuotes = false;
      int i = 0;
      while (true) {
        if (i >= text.length()) {
          if (inQuotes) {
            String more = readLine();
            if (more == null) {
              throw bad(
                  startLine,
                  "field "
                      + (fields.size() + 1)
                      + ": quoted field is not closed before the end of the input");
            }
            field.append('\n');
            text = more;
            i = 0;
            continue;
          }
          fields.add(new Field(field.toString(), quoted));
          return fields;
        }
        char c = text.charAt(i++);
        if (inQuotes) {
          if (c == '"') {
            if (i < text.length() && text.charAt(i) == '"') {
              field.append('"');
              i++;
            } else {
              inQuotes = false;
            }
          } else {
            field.append(c);
          }
        } else if (c == ',') {
          fields.add(new Field(field.toString(), quoted));
          field.setLength(0);
          quoted = false;
        } else if (c == '"' && field.length() == 0 && !quoted) {
          quoted = true;
          inQuotes = true;
        } else if (quoted) {
          throw bad(line, "field " + (fields.size() + 1) + ": text after the closing quote");
        } else {
          field.append(c);
        }
      }
    }

    private String readLine() {
      try {
        String s = in.readLine();
        if (s != null) {
          line++;
          if (s.endsWith("\r")) {
            s = s.substring(0, s.length() - 1);
          }
        }
        return s;
      } catch (IOException e) {
        throw new UncheckedIOException("Failed to read " + source + " at line " + (line + 1), e);
      }
    }
  }
}
