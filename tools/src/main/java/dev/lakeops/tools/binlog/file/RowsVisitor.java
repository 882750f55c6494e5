package dev.lakeops.tools.binlog.file;

/**
 * A {@link BinlogVisitor} that also wants row values: given to {@link BinlogReader#read}, it makes
 * the reader decode TABLE_MAP and rows events of valid events. A visitor that is not a {@code
 * RowsVisitor} costs no row decoding. Memory stays bounded: one event's rows at a time.
 */
public interface RowsVisitor extends BinlogVisitor {

  /** The rows of the rows event just passed to {@link #event}. */
  void rows(RowsEvent rows);

  /**
   * A valid TABLE_MAP or rows event whose values could not be decoded; the event itself was passed
   * to {@link #event} and reading goes on.
   */
  void rowsFailure(RowsFailure failure);
}
