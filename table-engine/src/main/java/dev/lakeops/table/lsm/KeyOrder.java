package dev.lakeops.table.lsm;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.format.ValueOrder;
import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.BinaryRowCodec;
import dev.lakeops.table.types.RowType;
import java.util.Comparator;

/**
 * The order of the trimmed primary keys of one table: rows compared field by field in Paimon's
 * natural order ({@link ValueOrder}), and the serialized keys of data files ({@code _MIN_KEY},
 * {@code _MAX_KEY}) compared the same way after decoding.
 */
public final class KeyOrder implements Comparator<Row> {

  private final RowType keyType;
  private final Comparator<Row> rows;

  public KeyOrder(RowType keyType) {
    this.keyType = requireNonNull(keyType, "keyType");
    this.rows = ValueOrder.rows(keyType);
  }

  public RowType keyType() {
    return keyType;
  }

  @Override
  public int compare(Row a, Row b) {
    return rows.compare(a, b);
  }

  /** Compares two serialized keys; equal bytes are equal keys without decoding. */
  public int compare(BinaryRow a, BinaryRow b) {
    if (a.equals(b)) {
      return 0;
    }
    return rows.compare(decode(a), decode(b));
  }

  public Row decode(BinaryRow key) {
    return BinaryRowCodec.decode(keyType, key);
  }

  public BinaryRow encode(Row key) {
    return BinaryRowCodec.encode(keyType, key);
  }
}
