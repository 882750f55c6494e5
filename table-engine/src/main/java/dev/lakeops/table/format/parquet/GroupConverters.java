package dev.lakeops.table.format.parquet;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.types.ArrayType;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.DataType;
import dev.lakeops.table.types.MapType;
import dev.lakeops.table.types.RowType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.Type;

/**
 * Builds the requested (pruned) Parquet schema for a row type and the converters that assemble
 * {@link Row}s, lists and maps from it. Fields are matched by name; ARRAY reads the standard
 * 3-level LIST and the legacy 2-level form, MAP reads {@code repeated group key_value}.
 */
final class GroupConverters {

  private static final int MAX_DEPTH = 64;

  private GroupConverters() {}

  /**
   * The part of the file type {@code stored} that {@code type} needs: nested row fields it does not
   * name are left out, so they are not read.
   *
   * @throws ParquetDecodeException a needed field is missing or has an incompatible shape
   */
  static Type prune(Type stored, DataType type, String column, int depth) {
    checkDepth(depth, column);
    if (type instanceof AtomicType) {
      if (!stored.isPrimitive()) {
        throw ValueConverters.mismatch(stored, type, column);
      }
      return stored;
    }
    if (stored.isPrimitive()) {
      if (stored.isRepetition(Type.Repetition.REPEATED) && type instanceof ArrayType) {
        return stored;
      }
      throw ValueConverters.mismatch(stored, type, column);
    }
    GroupType group = stored.asGroupType();
    if (type instanceof RowType row) {
      List<Type> kept = new ArrayList<>();
      for (Type field : group.getFields()) {
        row.field(field.getName())
            .ifPresent(f -> kept.add(prune(field, f.type(), column + "." + f.name(), depth + 1)));
      }
      for (DataField f : row.fields()) {
        if (!group.containsField(f.name())) {
          throw new ParquetDecodeException(
              "column " + column + "." + f.name() + " is not in the file");
        }
      }
      return group.withNewFields(kept);
    }
    if (type instanceof ArrayType array) {
      Type repeated = singleRepeated(group, type, column);
      if (isThreeLevel(repeated)) {
        GroupType list = repeated.asGroupType();
        return group.withNewFields(
            list.withNewFields(prune(list.getType(0), array.element(), column + "[]", depth + 1)));
      }
      return group.withNewFields(prune(repeated, array.element(), column + "[]", depth + 1));
    }
    MapType map = (MapType) type;
    GroupType entries = keyValue(group, type, column);
    return group.withNewFields(
        entries.withNewFields(
            prune(entries.getType(0), map.key(), column + "{key}", depth + 1),
            prune(entries.getType(1), map.value(), column + "{value}", depth + 1)));
  }

  /** A converter for a (pruned) stored type that hands each assembled value to {@code sink}. */
  static Converter of(Type stored, DataType type, String column, Consumer<Object> sink) {
    if (type instanceof AtomicType atomic) {
      return ValueConverters.of(stored.asPrimitiveType(), atomic, column, sink);
    }
    if (type instanceof RowType row) {
      return new RowConverter(stored.asGroupType(), row, column + ".", sink::accept);
    }
    if (type instanceof ArrayType array) {
      return new ListConverter(stored, array, column, sink);
    }
    return new MapConverter(stored.asGroupType(), (MapType) type, column, sink);
  }

  private static Type singleRepeated(GroupType group, DataType type, String column) {
    if (group.getFieldCount() != 1 || !group.getType(0).isRepetition(Type.Repetition.REPEATED)) {
      throw ValueConverters.mismatch(group, type, column);
    }
    return group.getType(0);
  }

  /** Standard LIST: the repeated field is a group of exactly one field, the element. */
  private static boolean isThreeLevel(Type repeated) {
    return !repeated.isPrimitive()
        && repeated.asGroupType().getFieldCount() == 1
        && !repeated.getName().equals("array")
        && !repeated.getName().endsWith("_tuple");
  }

  private static GroupType keyValue(GroupType group, DataType type, String column) {
    Type repeated = singleRepeated(group, type, column);
    if (repeated.isPrimitive() || repeated.asGroupType().getFieldCount() != 2) {
      throw ValueConverters.mismatch(group, type, column);
    }
    return repeated.asGroupType();
  }

  private static void checkDepth(int depth, String column) {
    if (depth > MAX_DEPTH) {
      throw new ParquetDecodeException(
          "column " + column + " nests deeper than " + MAX_DEPTH + " levels");
    }
  }

  /** Assembles one row (a record, or a nested ROW value) from its fields. */
  static final class RowConverter extends GroupConverter {
    private final Converter[] fields;
    private final Object[] values;
    private final Consumer<Row> sink;

    /** {@code stored} holds exactly the fields of {@code row}, in any order. */
    RowConverter(GroupType stored, RowType row, String prefix, Consumer<Row> sink) {
      this.sink = sink;
      this.values = new Object[row.arity()];
      this.fields = new Converter[stored.getFieldCount()];
      for (int i = 0; i < fields.length; i++) {
        Type field = stored.getType(i);
        int slot = row.indexOf(field.getName());
        fields[i] =
            of(field, row.typeAt(slot), prefix + field.getName(), value -> values[slot] = value);
      }
    }

    @Override
    public Converter getConverter(int fieldIndex) {
      return fields[fieldIndex];
    }

    @Override
    public void start() {
      java.util.Arrays.fill(values, null);
    }

    @Override
    public void end() {
      sink.accept(Row.of(values));
    }
  }

  /** Assembles a list: one call of the repeated converter per element. */
  private static final class ListConverter extends GroupConverter {
    private final Converter repeated;
    private final Consumer<Object> sink;
    private List<Object> items = new ArrayList<>();
    private Object element;

    ListConverter(Type stored, ArrayType array, String column, Consumer<Object> sink) {
      this.sink = sink;
      Type repeatedType = stored.asGroupType().getType(0);
      if (isThreeLevel(repeatedType)) {
        Converter elementConverter =
            of(
                repeatedType.asGroupType().getType(0),
                array.element(),
                column + "[]",
                value -> element = value);
        this.repeated =
            new GroupConverter() {
              @Override
              public Converter getConverter(int fieldIndex) {
                return elementConverter;
              }

              @Override
              public void start() {
                element = null;
              }

              @Override
              public void end() {
                items.add(element);
              }
            };
      } else {
        this.repeated = of(repeatedType, array.element(), column + "[]", value -> items.add(value));
      }
    }

    @Override
    public Converter getConverter(int fieldIndex) {
      return repeated;
    }

    @Override
    public void start() {
      items = new ArrayList<>();
    }

    @Override
    public void end() {
      sink.accept(Collections.unmodifiableList(items));
    }
  }

  /** Assembles a map from its {@code key_value} entries. */
  private static final class MapConverter extends GroupConverter {
    private final Converter entries;
    private final Consumer<Object> sink;
    private Map<Object, Object> map = new LinkedHashMap<>();
    private Object key;
    private Object value;

    MapConverter(GroupType stored, MapType type, String column, Consumer<Object> sink) {
      this.sink = sink;
      GroupType entryType = stored.getType(0).asGroupType();
      Converter keyConverter = of(entryType.getType(0), type.key(), column + "{key}", k -> key = k);
      Converter valueConverter =
          of(entryType.getType(1), type.value(), column + "{value}", v -> value = v);
      this.entries =
          new GroupConverter() {
            @Override
            public Converter getConverter(int fieldIndex) {
              return fieldIndex == 0 ? keyConverter : valueConverter;
            }

            @Override
            public void start() {
              key = null;
              value = null;
            }

            @Override
            public void end() {
              map.put(key, value);
            }
          };
    }

    @Override
    public Converter getConverter(int fieldIndex) {
      return entries;
    }

    @Override
    public void start() {
      map = new LinkedHashMap<>();
    }

    @Override
    public void end() {
      sink.accept(Collections.unmodifiableMap(map));
    }
  }
}
