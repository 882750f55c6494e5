package dev.lakeops.table.lsm.lookup;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.data.CloseableIterator;
import dev.lakeops.table.format.KeyValue;
import dev.lakeops.table.lsm.KeyOrder;
import dev.lakeops.table.lsm.RecordOrder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.PriorityQueue;

/**
 * Merges sorted runs into groups of one key: every record of the key from every run, each with the
 * level of its run, in the record order of the merge function (sequence number, or {@code
 * sequence.field} first). A lookup compaction needs the levels, which a plain merge forgets.
 *
 * <p>Requires: each input is sorted by key, then by that record order. Closing closes every input.
 */
final class KeyGroups implements CloseableIterator<List<KeyGroups.Leveled>> {

  /** A record and the level of the file it was read from. */
  record Leveled(KeyValue kv, int level) {}

  /** One sorted run: its records and its level. */
  record Input(CloseableIterator<KeyValue> records, int level) {}

  private record Head(Leveled record, int input) {}

  private final List<Input> inputs;
  private final KeyOrder keyOrder;
  private final PriorityQueue<Head> heap;

  KeyGroups(List<Input> inputs, KeyOrder keyOrder, RecordOrder recordOrder) {
    this.inputs = List.copyOf(inputs);
    this.keyOrder = requireNonNull(keyOrder, "keyOrder");
    Comparator<Head> order =
        (a, b) -> {
          int c = keyOrder.compare(a.record.kv().key(), b.record.kv().key());
          if (c != 0) {
            return c;
          }
          c = recordOrder.compare(a.record.kv(), b.record.kv());
          return c != 0 ? c : Integer.compare(a.input, b.input);
        };
    this.heap = new PriorityQueue<>(Math.max(1, inputs.size()), order);
    try {
      for (int i = 0; i < this.inputs.size(); i++) {
        advance(i);
      }
    } catch (RuntimeException e) {
      close();
      throw e;
    }
  }

  private void advance(int input) {
    Input in = inputs.get(input);
    if (in.records().hasNext()) {
      heap.add(new Head(new Leveled(in.records().next(), in.level()), input));
    }
  }

  @Override
  public boolean hasNext() {
    return !heap.isEmpty();
  }

  @Override
  public List<Leveled> next() {
    if (heap.isEmpty()) {
      throw new NoSuchElementException();
    }
    List<Leveled> group = new ArrayList<>(2);
    Head first = heap.poll();
    group.add(first.record);
    advance(first.input);
    while (!heap.isEmpty()
        && keyOrder.compare(heap.peek().record.kv().key(), first.record.kv().key()) == 0) {
      Head same = heap.poll();
      group.add(same.record);
      advance(same.input);
    }
    return group;
  }

  @Override
  public void close() {
    RuntimeException failure = null;
    for (Input in : inputs) {
      try {
        in.records().close();
      } catch (RuntimeException e) {
        if (failure == null) {
          failure = e;
        } else {
          failure.addSuppressed(e);
        }
      }
    }
    if (failure != null) {
      throw failure;
    }
  }
}
