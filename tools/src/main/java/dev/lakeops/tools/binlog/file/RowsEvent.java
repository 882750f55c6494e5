package dev.lakeops.tools.binlog.file;

import static java.util.Objects.requireNonNull;

import java.util.BitSet;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The decoded rows of one WRITE/UPDATE/DELETE_ROWS event (v1, v2 or MariaDB compressed).
 *
 * <p>Each row is an {@code Object[]} as wide as the table; a column absent from the image (see
 * {@link #columns()}) or NULL holds {@code null}. Java types by column type: TINY/SHORT/INT24/LONG
 * {@link Integer} ({@link Long} for an UNSIGNED LONG), LONGLONG {@link Long} ({@link
 * java.math.BigInteger} when UNSIGNED), YEAR {@link Integer}, FLOAT {@link Float}, DOUBLE {@link
 * Double}, NEWDECIMAL {@link java.math.BigDecimal} with the column's scale,
 * CHAR/VARCHAR/BINARY/BLOB/TEXT/JSON/GEOMETRY {@code byte[]} as stored (JSON in MySQL's binary
 * form), ENUM {@link Integer} (1-based member index), SET {@link Long} (member bitmask), BIT {@link
 * Long}, DATE/TIME/DATETIME {@link TemporalValue}, TIMESTAMP {@link java.time.Instant}. Integers
 * are signed unless the TABLE_MAP's SIGNEDNESS metadata says UNSIGNED.
 *
 * @param offset where the event starts in its file
 * @param type the event type code
 * @param table the TABLE_MAP the event refers to
 * @param flags the rows-event flags ({@code 0x0001} STMT_END_F)
 * @param columns the columns present in the (before) image
 * @param columnsAfter the columns present in the after image, UPDATE only
 */
public record RowsEvent(
    long offset,
    int type,
    TableDefinition table,
    Kind kind,
    int flags,
    BitSet columns,
    @Nullable BitSet columnsAfter,
    List<Row> rows) {

  /** What the event does to its rows. */
  public enum Kind {
    WRITE,
    UPDATE,
    DELETE
  }

  /** One row: {@code after} only for WRITE, {@code before} only for DELETE, both for UPDATE. */
  public record Row(Object @Nullable [] before, Object @Nullable [] after) {
    /** The image that describes the row after the event, or the deleted row. */
    public Object[] image() {
      return after != null ? after : requireNonNull(before, "before");
    }
  }

  public RowsEvent {
    requireNonNull(table, "table");
    requireNonNull(kind, "kind");
    columns = (BitSet) columns.clone();
    columnsAfter = columnsAfter == null ? null : (BitSet) columnsAfter.clone();
    rows = List.copyOf(rows);
  }

  public long tableId() {
    return table.tableId();
  }

  public String qualifiedTable() {
    return table.qualifiedName();
  }

  @Override
  public BitSet columns() {
    return (BitSet) columns.clone();
  }

  @Override
  public @Nullable BitSet columnsAfter() {
    return columnsAfter == null ? null : (BitSet) columnsAfter.clone();
  }
}
