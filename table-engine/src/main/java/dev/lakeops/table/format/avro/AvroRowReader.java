package dev.lakeops.table.format.avro;

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
import org.apache.avro.Schema;

/**
 * Decodes records written with a file's own (writer) schema into {@link Row}s of a requested row
 * type, matching fields by name and skipping the fields not requested. The plan is built once per
 * file; a writer schema that does not fit the requested type fails then, with {@link
 * SchemaMismatchException}.
 */
final class AvroRowReader {

  /** Reads one value (may return null for a union's null branch). */
  @FunctionalInterface
  interface ValueDecoder {
    Object decode(AvroBinaryInput in);
  }

  /** The writer schema does not store a requested column as its type requires. */
  static final class SchemaMismatchException extends RuntimeException {
    SchemaMismatchException(String message) {
      super(message);
    }
  }

  private static final int MAX_DEPTH = 64;

  private final RecordPlan plan;

  private AvroRowReader(RecordPlan plan) {
    this.plan = plan;
  }

  /**
   * A reader of the fields of {@code rowType} at {@code projection} from records of {@code
   * writerSchema}.
   *
   * @throws SchemaMismatchException a requested field is missing or stored with another type
   */
  static AvroRowReader create(Schema writerSchema, RowType rowType, int[] projection) {
    if (writerSchema.getType() != Schema.Type.RECORD) {
      throw new SchemaMismatchException(
          "file schema is a " + writerSchema.getType() + ", not a record");
    }
    List<DataField> wanted = new ArrayList<>(projection.length);
    for (int index : projection) {
      wanted.add(rowType.fields().get(index));
    }
    return new AvroRowReader(RecordPlan.create(writerSchema, wanted, "", 0));
  }

  /** Decodes one record. */
  Row read(AvroBinaryInput in) {
    return Row.of(plan.decodeValues(in));
  }

  /** Field steps in writer order: decode into an output slot, or skip. */
  private static final class RecordPlan {
    private final ValueDecoder[] steps;
    private final int[] slots;
    private final int arity;

    private RecordPlan(ValueDecoder[] steps, int[] slots, int arity) {
      this.steps = steps;
      this.slots = slots;
      this.arity = arity;
    }

    static RecordPlan create(Schema record, List<DataField> wanted, String prefix, int depth) {
      checkDepth(depth, prefix);
      List<Schema.Field> writerFields = record.getFields();
      ValueDecoder[] steps = new ValueDecoder[writerFields.size()];
      int[] slots = new int[writerFields.size()];
      java.util.Arrays.fill(slots, -1);
      for (int slot = 0; slot < wanted.size(); slot++) {
        DataField field = wanted.get(slot);
        Schema.Field writerField = record.getField(field.name());
        if (writerField == null) {
          throw new SchemaMismatchException(
              "column "
                  + prefix
                  + field.name()
                  + " is not in the file (file columns: "
                  + writerFields.stream().map(Schema.Field::name).toList()
                  + ")");
        }
        if (slots[writerField.pos()] >= 0) {
          throw new SchemaMismatchException("column " + prefix + field.name() + " requested twice");
        }
        slots[writerField.pos()] = slot;
        steps[writerField.pos()] =
            decoder(writerField.schema(), field.type(), prefix + field.name(), depth + 1);
      }
      for (int i = 0; i < steps.length; i++) {
        if (steps[i] == null) {
          steps[i] = AvroSkippers.of(writerFields.get(i).schema(), depth + 1);
        }
      }
      return new RecordPlan(steps, slots, wanted.size());
    }

    Object[] decodeValues(AvroBinaryInput in) {
      Object[] values = new Object[arity];
      for (int i = 0; i < steps.length; i++) {
        Object value = steps[i].decode(in);
        if (slots[i] >= 0) {
          values[slots[i]] = value;
        }
      }
      return values;
    }
  }

  private static ValueDecoder decoder(Schema writer, DataType type, String column, int depth) {
    checkDepth(depth, column);
    if (writer.getType() != Schema.Type.UNION) {
      return notNullDecoder(writer, type, column, depth);
    }
    List<Schema> branches = writer.getTypes();
    ValueDecoder[] decoders = new ValueDecoder[branches.size()];
    for (int i = 0; i < decoders.length; i++) {
      Schema branch = branches.get(i);
      if (branch.getType() != Schema.Type.NULL) {
        decoders[i] = notNullDecoder(branch, type, column, depth);
      } else if (type.nullable()) {
        decoders[i] = in -> null;
      } else {
        decoders[i] =
            in -> {
              throw new AvroDecodeException(
                  "null in NOT NULL column " + column + " at " + in.position());
            };
      }
    }
    int count = decoders.length;
    return in -> decoders[in.readIndex(count)].decode(in);
  }

  private static ValueDecoder notNullDecoder(
      Schema writer, DataType type, String column, int depth) {
    if (type instanceof RowType row) {
      expect(writer, column, type, Schema.Type.RECORD);
      RecordPlan nested = RecordPlan.create(writer, row.fields(), column + ".", depth);
      return in -> Row.of(nested.decodeValues(in));
    }
    if (type instanceof ArrayType array) {
      expect(writer, column, type, Schema.Type.ARRAY);
      ValueDecoder element =
          decoder(writer.getElementType(), array.element(), column + "[]", depth + 1);
      return in -> {
        List<Object> items = new ArrayList<>();
        for (int n = in.readBlockCount(); n > 0; n = in.readBlockCount()) {
          for (int i = 0; i < n; i++) {
            items.add(element.decode(in));
          }
        }
        return Collections.unmodifiableList(items);
      };
    }
    if (type instanceof MapType map) {
      return mapDecoder(writer, map, column, depth);
    }
    return AvroAtomicDecoders.of(writer, (AtomicType) type, column);
  }

  private static ValueDecoder mapDecoder(Schema writer, MapType map, String column, int depth) {
    ValueDecoder value;
    if (writer.getType() == Schema.Type.MAP) {
      if (!AvroSchemas.isString(map.key())) {
        throw mismatch(column, map, writer);
      }
      value = decoder(writer.getValueType(), map.value(), column + "{value}", depth + 1);
      return in -> {
        Map<Object, Object> entries = new LinkedHashMap<>();
        for (int n = in.readBlockCount(); n > 0; n = in.readBlockCount()) {
          for (int i = 0; i < n; i++) {
            String key = in.readString();
            entries.put(key, value.decode(in));
          }
        }
        return Collections.unmodifiableMap(entries);
      };
    }
    expect(writer, column, map, Schema.Type.ARRAY);
    Schema entry = writer.getElementType();
    if (entry.getType() != Schema.Type.RECORD
        || entry.getField("key") == null
        || entry.getField("value") == null) {
      throw mismatch(column, map, writer);
    }
    List<DataField> kv =
        List.of(new DataField(0, "key", map.key()), new DataField(1, "value", map.value()));
    RecordPlan entryPlan = RecordPlan.create(entry, kv, column + ".", depth + 1);
    return in -> {
      Map<Object, Object> entries = new LinkedHashMap<>();
      for (int n = in.readBlockCount(); n > 0; n = in.readBlockCount()) {
        for (int i = 0; i < n; i++) {
          Object[] pair = entryPlan.decodeValues(in);
          entries.put(pair[0], pair[1]);
        }
      }
      return Collections.unmodifiableMap(entries);
    };
  }

  static void expect(Schema writer, String column, DataType type, Schema.Type expected) {
    if (writer.getType() != expected) {
      throw mismatch(column, type, writer);
    }
  }

  static SchemaMismatchException mismatch(String column, DataType type, Schema writer) {
    String stored =
        writer.getType() == Schema.Type.RECORD ? "record " + writer.getName() : writer.toString();
    if (stored.length() > 200) {
      stored = stored.substring(0, 200) + "...";
    }
    return new SchemaMismatchException(
        "column "
            + column
            + " is stored as "
            + stored
            + ", which cannot be read as "
            + type.asSql());
  }

  static void checkDepth(int depth, String where) {
    if (depth > MAX_DEPTH) {
      throw new SchemaMismatchException(
          "schema nests deeper than " + MAX_DEPTH + " levels at " + where);
    }
  }
}
