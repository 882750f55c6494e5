package dev.lakeops.table.data;

import static java.util.Objects.requireNonNull;

import java.util.Arrays;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * One row: a {@link RowKind} and field values as Java objects (see {@link
 * dev.lakeops.table.types.DataType} for which class each type uses). Immutable; equality compares
 * kinds and values, byte arrays by content.
 */
public final class Row {

  private final RowKind kind;
  private final @Nullable Object[] values;

  private Row(RowKind kind, @Nullable Object[] values) {
    this.kind = requireNonNull(kind, "kind");
    this.values = values;
  }

  /** An {@code +I} row. */
  public static Row of(@Nullable Object... values) {
    return new Row(RowKind.INSERT, values.clone());
  }

  public static Row ofKind(RowKind kind, @Nullable Object... values) {
    return new Row(kind, values.clone());
  }

  /**
   * A row over {@code values} itself, without a copy, for readers that fill a fresh array per row:
   * the caller must not change the array afterwards.
   */
  public static Row wrap(RowKind kind, @Nullable Object[] values) {
    return new Row(kind, requireNonNull(values, "values"));
  }

  public RowKind kind() {
    return kind;
  }

  public int arity() {
    return values.length;
  }

  public @Nullable Object get(int index) {
    return values[index];
  }

  public boolean isNullAt(int index) {
    return values[index] == null;
  }

  /** The same values with another kind. */
  public Row withKind(RowKind newKind) {
    return new Row(newKind, values);
  }

  /** The values at {@code indexes}, in that order, as an {@code +I} row. */
  public Row project(int[] indexes) {
    Object[] projected = new Object[indexes.length];
    for (int i = 0; i < indexes.length; i++) {
      projected[i] = values[indexes[i]];
    }
    return new Row(RowKind.INSERT, projected);
  }

  /** A copy of the values. */
  public @Nullable Object[] values() {
    return values.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Row other && kind == other.kind && Arrays.deepEquals(values, other.values);
  }

  @Override
  public int hashCode() {
    return 31 * kind.hashCode() + Arrays.deepHashCode(values);
  }

  @Override
  public String toString() {
    return kind.shortString()
        + Arrays.stream(values)
            .map(
                v ->
                    v instanceof byte[] b
                        ? java.util.HexFormat.of().formatHex(b)
                        : String.valueOf(v))
            .collect(Collectors.joining(", ", "[", "]"));
  }
}
