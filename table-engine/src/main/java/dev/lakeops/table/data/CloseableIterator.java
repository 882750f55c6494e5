package dev.lakeops.table.data;

import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * An iterator over records that holds open files; close it when done, also after an exception.
 * {@link #hasNext} and {@link #next} throw the unchecked exceptions of the underlying readers.
 */
public interface CloseableIterator<T> extends Iterator<T>, AutoCloseable {

  @Override
  void close();

  /** An iterator over {@code values} that holds nothing. */
  static <T> CloseableIterator<T> of(List<T> values) {
    Iterator<T> it = values.iterator();
    return new CloseableIterator<>() {
      @Override
      public boolean hasNext() {
        return it.hasNext();
      }

      @Override
      public T next() {
        if (!it.hasNext()) {
          throw new NoSuchElementException();
        }
        return it.next();
      }

      @Override
      public void close() {}
    };
  }

  static <T> CloseableIterator<T> empty() {
    return of(List.of());
  }
}
