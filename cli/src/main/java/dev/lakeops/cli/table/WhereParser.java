package dev.lakeops.cli.table;

import dev.lakeops.table.read.Predicate;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataType;
import dev.lakeops.table.types.RowType;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses {@code --where} conditions, {@code column OP value} with OP one of {@code = != <> < <= >
 * >=}, into a {@link Predicate}; several conditions are ANDed. The value is read as the column's
 * type (numbers, {@code true}/{@code false}, ISO dates and times; strings as written). Never
 * evaluated as code: the value is a literal.
 */
final class WhereParser {

  private static final Pattern CONDITION =
      Pattern.compile("^\\s*([^=!<>\\s][^=!<>]*?)\\s*(<=|>=|!=|<>|=|<|>)(.*)$", Pattern.DOTALL);

  private WhereParser() {}

  /**
   * @throws IllegalArgumentException a condition that does not parse, names no column, or whose
   *     value is not of the column's type; the message quotes the condition
   */
  static Predicate parse(List<String> conditions, RowType columns, ZoneId zone) {
    Predicate[] parts =
        conditions.stream().map(c -> parseOne(c, columns, zone)).toArray(Predicate[]::new);
    return parts.length == 1 ? parts[0] : Predicate.and(parts);
  }

  private static Predicate parseOne(String condition, RowType columns, ZoneId zone) {
    Matcher m = CONDITION.matcher(condition);
    if (!m.matches()) {
      throw new IllegalArgumentException(
          "'" + condition + "': expected COLUMN=VALUE (or !=, <, <=, >, >=)");
    }
    String column = m.group(1);
    String op = m.group(2);
    String text = m.group(3);
    int index = columns.indexOf(column);
    if (index < 0) {
      throw new IllegalArgumentException(
          "'"
              + condition
              + "': no column '"
              + column
              + "' (columns: "
              + String.join(", ", columns.fieldNames())
              + ")");
    }
    Object value = value(condition, columns.typeAt(index), text, zone);
    return switch (op) {
      case "=" -> Predicate.equal(column, value);
      case "!=", "<>" -> Predicate.notEqual(column, value);
      case "<" -> Predicate.lessThan(column, value);
      case "<=" -> Predicate.lessOrEqual(column, value);
      case ">" -> Predicate.greaterThan(column, value);
      default -> Predicate.greaterOrEqual(column, value);
    };
  }

  private static Object value(String condition, DataType type, String text, ZoneId zone) {
    if (!(type instanceof AtomicType atomic)) {
      throw new IllegalArgumentException(
          "'" + condition + "': column type " + type.asSql() + " cannot be compared");
    }
    String t = text.strip();
    try {
      return switch (atomic.root()) {
        case BINARY, VARBINARY ->
            throw new IllegalArgumentException("binary columns cannot be compared");
        default -> TableLiterals.parse(atomic, text, zone);
      };
    } catch (NumberFormatException | DateTimeException e) {
      throw new IllegalArgumentException(
          "'" + condition + "': '" + t + "' is not a " + atomic.asSql() + " value", e);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("'" + condition + "': " + e.getMessage(), e);
    }
  }
}
