package dev.lakeops.table.read;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.BinaryRowCodec;
import dev.lakeops.table.meta.SimpleStats;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.DataType;
import dev.lakeops.table.types.RowType;
import dev.lakeops.table.types.TypeRoot;
import java.util.ArrayList;
import java.util.List;

/**
 * Encodes and decodes the min/max rows of {@link SimpleStats}. Nested columns never have a min or
 * max, only a null bit, so they are encoded as a nullable BIGINT whose null form has the same bytes
 * (null bit set, slot zero) as Paimon's.
 */
public final class StatsRows {

  private static final AtomicType PLACEHOLDER = AtomicType.of(TypeRoot.BIGINT);

  private StatsRows() {}

  /** {@code type} with every nested column replaced by the placeholder. */
  public static RowType encodable(RowType type) {
    List<DataField> fields = new ArrayList<>(type.arity());
    for (DataField f : type.fields()) {
      DataType t = f.type();
      fields.add(t instanceof AtomicType ? f : f.withType(PLACEHOLDER));
    }
    return RowType.of(fields);
  }

  public static BinaryRow encode(RowType type, Row row) {
    return BinaryRowCodec.encode(encodable(type), row);
  }

  /** The row of {@code stats}, with nested columns null. */
  public static Row decode(RowType type, BinaryRow row) {
    Row decoded = BinaryRowCodec.decode(encodable(type), row);
    Object[] values = decoded.values();
    for (int i = 0; i < values.length; i++) {
      if (!(type.typeAt(i) instanceof AtomicType)) {
        values[i] = null;
      }
    }
    return Row.of(values);
  }
}
