package dev.lakeops.cli.table;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.RowType;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Prints rows of one row type as an aligned text table, as CSV (a header, then one line per row,
 * RFC 4180 quoting, null as an empty field), or as one JSON object: the given header fields, then
 * {@code columns} (name and type) and {@code rows} (objects keyed by column name).
 */
final class RowPrinter {

  static final ObjectMapper MAPPER = new ObjectMapper();

  /** Output formats of commands that print rows. */
  enum Format {
    TEXT,
    CSV,
    JSON
  }

  private RowPrinter() {}

  static void print(
      PrintWriter out, Format format, RowType type, List<Row> rows, Map<String, Object> header) {
    switch (format) {
      case JSON -> out.println(json(type, rows, header));
      case CSV -> csv(out, type, rows);
      case TEXT -> out.print(text(type, rows));
    }
    out.flush();
  }

  static String json(RowType type, List<Row> rows, Map<String, Object> header) {
    ObjectNode root = MAPPER.createObjectNode();
    header.forEach((k, v) -> root.set(k, MAPPER.valueToTree(v)));
    ArrayNode columns = root.putArray("columns");
    for (DataField f : type.fields()) {
      columns.addObject().put("name", f.name()).put("type", f.type().asSql());
    }
    ArrayNode array = root.putArray("rows");
    for (Row row : rows) {
      array.add(RowValues.json(type, row));
    }
    try {
      return MAPPER.writeValueAsString(root);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("Rows do not serialize to JSON", e);
    }
  }

  private static void csv(PrintWriter out, RowType type, List<Row> rows) {
    out.println(String.join(",", type.fieldNames().stream().map(RowPrinter::csvField).toList()));
    for (Row row : rows) {
      List<String> fields = new ArrayList<>(row.arity());
      for (int i = 0; i < row.arity(); i++) {
        fields.add(row.isNullAt(i) ? "" : csvField(RowValues.text(row.get(i))));
      }
      out.println(String.join(",", fields));
    }
  }

  private static String csvField(String value) {
    if (value.isEmpty()
        || value.chars().anyMatch(c -> c == ',' || c == '"' || c == '\n' || c == '\r')) {
      return '"' + value.replace("\"", "\"\"") + '"';
    }
    return value;
  }

  /**
   * The rows as an aligned table under a header line, then the row count; every line ends with a
   * line break.
   */
  static String text(RowType type, List<Row> rows) {
    List<String> names = type.fieldNames();
    int[] widths = names.stream().mapToInt(String::length).toArray();
    List<String[]> cells = new ArrayList<>(rows.size());
    for (Row row : rows) {
      String[] line = new String[row.arity()];
      for (int i = 0; i < line.length; i++) {
        line[i] = RowValues.text(row.get(i)).replace('\n', ' ');
        widths[i] = Math.max(widths[i], line[i].length());
      }
      cells.add(line);
    }
    StringBuilder s = new StringBuilder(line(names.toArray(String[]::new), widths)).append('\n');
    for (String[] line : cells) {
      s.append(line(line, widths)).append('\n');
    }
    return s.append('(')
        .append(rows.size())
        .append(rows.size() == 1 ? " row)" : " rows)")
        .append('\n')
        .toString();
  }

  private static String line(String[] values, int[] widths) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < values.length; i++) {
      if (i > 0) {
        sb.append("  ");
      }
      sb.append(values[i]);
      if (i < values.length - 1) {
        sb.append(" ".repeat(widths[i] - values[i].length()));
      }
    }
    return sb.toString();
  }
}
