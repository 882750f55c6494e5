package dev.lakeops.table.types;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/** {@code ROW<...>}: an ordered list of fields; also the type of a whole table row. */
public record RowType(boolean nullable, List<DataField> fields) implements DataType {

  public RowType {
    fields = List.copyOf(fields);
    Set<String> names = new HashSet<>();
    for (DataField f : fields) {
      if (!names.add(f.name())) {
        throw new IllegalArgumentException("Duplicate field name: " + f.name());
      }
    }
  }

  public static RowType of(List<DataField> fields) {
    return new RowType(true, fields);
  }

  public int arity() {
    return fields.size();
  }

  public DataType typeAt(int index) {
    return fields.get(index).type();
  }

  /** The position of the field named {@code name}, or -1. */
  public int indexOf(String name) {
    for (int i = 0; i < fields.size(); i++) {
      if (fields.get(i).name().equals(name)) {
        return i;
      }
    }
    return -1;
  }

  public Optional<DataField> field(String name) {
    int i = indexOf(name);
    return i < 0 ? Optional.empty() : Optional.of(fields.get(i));
  }

  /** The fields named, in the order named. */
  public RowType project(List<String> names) {
    return new RowType(
        nullable,
        names.stream()
            .map(
                n ->
                    field(n)
                        .orElseThrow(
                            () ->
                                new IllegalArgumentException(
                                    "No field " + n + " in " + fieldNames())))
            .toList());
  }

  public List<String> fieldNames() {
    return fields.stream().map(DataField::name).toList();
  }

  @Override
  public RowType withNullable(boolean nullable) {
    return new RowType(nullable, fields);
  }

  @Override
  public String asSql() {
    return "ROW<"
        + fields.stream().map(RowType::fieldSql).collect(Collectors.joining(", "))
        + ">"
        + DataType.nullSuffix(nullable);
  }

  /**
   * {@code `name` TYPE [COMMENT 'text']}, quotes doubled, as Paimon's {@code
   * DataField.asSQLString}.
   */
  private static String fieldSql(DataField f) {
    String sql = "`" + f.name().replace("`", "``") + "` " + f.type().asSql();
    return f.description() == null
        ? sql
        : sql + " COMMENT '" + f.description().replace("'", "''") + "'";
  }
}
