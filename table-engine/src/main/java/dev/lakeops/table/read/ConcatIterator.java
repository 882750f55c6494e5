package dev.lakeops.table.read;

import dev.lakeops.table.data.CloseableIterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.Function;

/**
 * The elements of several sources in order, each source opened when reached and closed when done.
 */
public final class ConcatIterator<S, T> implements CloseableIterator<T> {

  private final List<S> sources;
  private final Function<S, CloseableIterator<T>> open;
  private int next;
  private CloseableIterator<T> current;

  public ConcatIterator(List<S> sources, Function<S, CloseableIterator<T>> open) {
    this.sources = List.copyOf(sources);
    this.open = open;
  }

  @Override
  public boolean hasNext() {
    while (current == null || !current.hasNext()) {
      if (current != null) {
        current.close();
        current = null;
      }
      if (next == sources.size()) {
        return false;
      }
      current = open.apply(sources.get(next++));
    }
    return true;
  }

  @Override
  public T next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    return current.next();
  }

  @Override
  public void close() {
    if (current != null) {
      CloseableIterator<T> c = current;
      current = null;
      c.close();
    }
    next = sources.size();
  }
}
