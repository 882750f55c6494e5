package dev.lakeops.table.read;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.deletion.DeletionVector;
import dev.lakeops.table.format.DataFileReader;
import java.util.NoSuchElementException;
import org.jspecify.annotations.Nullable;

/**
 * A data file reader without the rows a deletion vector marks: the reader must return every row of
 * the file in file order, so that the n-th row read is the row at position n.
 */
final class DeletedRowsFilter implements DataFileReader {

  private final DataFileReader rows;
  private final DeletionVector deleted;
  private long position;
  private @Nullable Row next;

  private DeletedRowsFilter(DataFileReader rows, DeletionVector deleted) {
    this.rows = rows;
    this.deleted = deleted;
  }

  /** {@code rows} itself when nothing is deleted. */
  static DataFileReader of(DataFileReader rows, DeletionVector deleted) {
    return deleted.isEmpty() ? rows : new DeletedRowsFilter(rows, deleted);
  }

  @Override
  public boolean hasNext() {
    while (next == null && rows.hasNext()) {
      Row row = rows.next();
      if (!deleted.isDeleted(position++)) {
        next = row;
      }
    }
    return next != null;
  }

  @Override
  public Row next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    Row row = next;
    next = null;
    return row;
  }

  @Override
  public void close() {
    rows.close();
  }
}
