package dev.lakeops.table.format.avro;

import dev.lakeops.table.format.avro.AvroRowReader.ValueDecoder;
import java.util.List;
import org.apache.avro.Schema;

/**
 * Skips values of columns a reader did not ask for, by the file's schema (Avro spec, "Binary
 * Encoding").
 */
final class AvroSkippers {

  private static final ValueDecoder NOTHING = in -> null;

  private AvroSkippers() {}

  /** A decoder that consumes one value of {@code schema} and returns null. */
  static ValueDecoder of(Schema schema, int depth) {
    AvroRowReader.checkDepth(depth, schema.getName());
    return switch (schema.getType()) {
      case NULL -> NOTHING;
      case BOOLEAN ->
          in -> {
            in.readBoolean();
            return null;
          };
      case INT, LONG, ENUM ->
          in -> {
            in.readLong();
            return null;
          };
      case FLOAT ->
          in -> {
            in.skip(4);
            return null;
          };
      case DOUBLE ->
          in -> {
            in.skip(8);
            return null;
          };
      case BYTES, STRING ->
          in -> {
            in.skipBytes();
            return null;
          };
      case FIXED -> {
        int size = schema.getFixedSize();
        yield in -> {
          in.skip(size);
          return null;
        };
      }
      case ARRAY -> blocks(NOTHING, of(schema.getElementType(), depth + 1));
      case MAP ->
          blocks(
              in -> {
                in.skipBytes();
                return null;
              },
              of(schema.getValueType(), depth + 1));
      case RECORD -> {
        List<ValueDecoder> fields =
            schema.getFields().stream().map(f -> of(f.schema(), depth + 1)).toList();
        yield in -> {
          for (ValueDecoder f : fields) {
            f.decode(in);
          }
          return null;
        };
      }
      case UNION -> {
        List<ValueDecoder> branches =
            schema.getTypes().stream().map(b -> of(b, depth + 1)).toList();
        yield in -> branches.get(in.readIndex(branches.size())).decode(in);
      }
    };
  }

  private static ValueDecoder blocks(ValueDecoder key, ValueDecoder item) {
    return in -> {
      for (int n = in.readBlockCount(); n > 0; n = in.readBlockCount()) {
        for (int i = 0; i < n; i++) {
          key.decode(in);
          item.decode(in);
        }
      }
      return null;
    };
  }
}
