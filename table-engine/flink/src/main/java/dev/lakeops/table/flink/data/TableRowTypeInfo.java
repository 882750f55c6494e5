package dev.lakeops.table.flink.data;

import dev.lakeops.table.data.Row;
import org.apache.flink.api.common.serialization.SerializerConfig;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;

/**
 * The Flink type of the engine's {@link Row}s: its serializer ({@link TableRowSerializer}) writes
 * each value with a one-byte tag, where {@code TypeInformation.of(Row.class)} would fall back to
 * Kryo, which writes class names and deep-copies every row between chained operators. Give it to a
 * source of rows ({@code .returns(TableRowTypeInfo.INSTANCE)} or a deserializer's {@code
 * getProducedType()}); {@link dev.lakeops.table.flink.sink.TableSink} converts a stream of another
 * row type to it before routing rows to its writers.
 */
public final class TableRowTypeInfo extends TypeInformation<Row> {

  private static final long serialVersionUID = 1L;

  public static final TableRowTypeInfo INSTANCE = new TableRowTypeInfo();

  private TableRowTypeInfo() {}

  @Override
  public boolean isBasicType() {
    return false;
  }

  @Override
  public boolean isTupleType() {
    return false;
  }

  @Override
  public int getArity() {
    return 1;
  }

  @Override
  public int getTotalFields() {
    return 1;
  }

  @Override
  public Class<Row> getTypeClass() {
    return Row.class;
  }

  @Override
  public boolean isKeyType() {
    return false;
  }

  @Override
  public TypeSerializer<Row> createSerializer(SerializerConfig config) {
    return TableRowSerializer.INSTANCE;
  }

  @Override
  public String toString() {
    return "TableRow";
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TableRowTypeInfo;
  }

  @Override
  public int hashCode() {
    return TableRowTypeInfo.class.hashCode();
  }

  @Override
  public boolean canEqual(Object o) {
    return o instanceof TableRowTypeInfo;
  }

  private Object readResolve() {
    return INSTANCE;
  }
}
