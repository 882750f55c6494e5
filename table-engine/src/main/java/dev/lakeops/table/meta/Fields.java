package dev.lakeops.table.meta;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.jspecify.annotations.Nullable;

/**
 * Reads fields of a decoded Avro record by name, as Paimon does: a missing field reads as null, a
 * required field that is missing or of the wrong type fails naming the field.
 */
final class Fields {

  private Fields() {}

  static @Nullable Object optional(GenericRecord r, String name) {
    Schema.Field field = r.getSchema().getField(name);
    return field == null ? null : r.get(field.pos());
  }

  private static Object required(GenericRecord r, String name) {
    Object value = optional(r, name);
    if (value == null) {
      throw new IllegalArgumentException("field " + name + " is missing or null");
    }
    return value;
  }

  private static <T> T as(Object value, Class<T> type, String name) {
    if (!type.isInstance(value)) {
      throw new IllegalArgumentException(
          "field "
              + name
              + " holds a "
              + value.getClass().getSimpleName()
              + ", expected "
              + type.getSimpleName());
    }
    return type.cast(value);
  }

  static int intValue(GenericRecord r, String name) {
    return as(required(r, name), Integer.class, name);
  }

  static long longValue(GenericRecord r, String name) {
    Object value = required(r, name);
    return value instanceof Integer i ? i : as(value, Long.class, name);
  }

  static @Nullable Integer optionalInt(GenericRecord r, String name) {
    Object value = optional(r, name);
    return value == null ? null : as(value, Integer.class, name);
  }

  static @Nullable Long optionalLong(GenericRecord r, String name) {
    Object value = optional(r, name);
    if (value == null) {
      return null;
    }
    return value instanceof Integer i ? Long.valueOf(i) : as(value, Long.class, name);
  }

  static String string(GenericRecord r, String name) {
    return as(required(r, name), CharSequence.class, name).toString();
  }

  static @Nullable String optionalString(GenericRecord r, String name) {
    Object value = optional(r, name);
    return value == null ? null : as(value, CharSequence.class, name).toString();
  }

  static byte[] bytes(GenericRecord r, String name) {
    return toBytes(as(required(r, name), ByteBuffer.class, name));
  }

  static byte @Nullable [] optionalBytes(GenericRecord r, String name) {
    Object value = optional(r, name);
    return value == null ? null : toBytes(as(value, ByteBuffer.class, name));
  }

  private static byte[] toBytes(ByteBuffer buffer) {
    ByteBuffer b = buffer.duplicate();
    byte[] bytes = new byte[b.remaining()];
    b.get(bytes);
    return bytes;
  }

  static GenericRecord record(GenericRecord r, String name) {
    return as(required(r, name), GenericRecord.class, name);
  }

  static @Nullable List<?> optionalList(GenericRecord r, String name) {
    Object value = optional(r, name);
    return value == null ? null : as(value, List.class, name);
  }

  static @Nullable List<String> optionalStrings(GenericRecord r, String name) {
    List<?> values = optionalList(r, name);
    if (values == null) {
      return null;
    }
    List<String> strings = new ArrayList<>(values.size());
    for (Object o : values) {
      if (!(o instanceof CharSequence s)) {
        throw new IllegalArgumentException("field " + name + " holds a non-string element");
      }
      strings.add(s.toString());
    }
    return strings;
  }
}
