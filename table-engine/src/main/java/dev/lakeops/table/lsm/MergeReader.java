package dev.lakeops.table.lsm;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.data.CloseableIterator;
import dev.lakeops.table.format.KeyValue;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.PriorityQueue;
import org.jspecify.annotations.Nullable;

/**
 * Merges sorted runs of key-values into one stream with one record per key: a min-heap over the
 * runs' heads ordered by key and then by the merge function's {@link MergeFunction#recordOrder}
 * (the user sequence of {@code sequence.field}, when set, then the sequence number), each key's
 * records fed to the {@link MergeFunction} in that order; a key with a single record is passed on
 * unmerged, as Paimon does. With {@code dropDeletes}, keys whose merged record is a retraction are
 * left out (the merge covers the oldest data of the key, or a read).
 *
 * <p>Requires: each input is sorted by key, then by that record order. Closing closes every input.
 */
public final class MergeReader implements CloseableIterator<KeyValue> {

  private final KeyOrder keyOrder;
  private final MergeFunction merge;
  private final boolean dropDeletes;
  private final List<CloseableIterator<KeyValue>> inputs;
  private final PriorityQueue<Head> heap;
  private @Nullable KeyValue next;

  private record Head(KeyValue kv, int input) {}

  public MergeReader(
      List<CloseableIterator<KeyValue>> inputs,
      KeyOrder keyOrder,
      MergeFunction merge,
      boolean dropDeletes) {
    this(inputs, keyOrder, merge, merge.recordOrder(), dropDeletes);
  }

  /** A merge that orders each key's records by {@code recordOrder} instead of the merge's own. */
  public MergeReader(
      List<CloseableIterator<KeyValue>> inputs,
      KeyOrder keyOrder,
      MergeFunction merge,
      RecordOrder recordOrder,
      boolean dropDeletes) {
    this.inputs = List.copyOf(inputs);
    this.keyOrder = requireNonNull(keyOrder, "keyOrder");
    this.merge = requireNonNull(merge, "merge");
    this.dropDeletes = dropDeletes;
    requireNonNull(recordOrder, "recordOrder");
    this.heap =
        new PriorityQueue<>(
            Math.max(1, inputs.size()),
            (a, b) -> {
              int c = keyOrder.compare(a.kv.key(), b.kv.key());
              if (c != 0) {
                return c;
              }
              c = recordOrder.compare(a.kv, b.kv);
              return c != 0 ? c : Integer.compare(a.input, b.input);
            });
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
    CloseableIterator<KeyValue> it = inputs.get(input);
    if (it.hasNext()) {
      heap.add(new Head(it.next(), input));
    }
  }

  @Override
  public boolean hasNext() {
    while (next == null && !heap.isEmpty()) {
      next = mergeNextKey();
    }
    return next != null;
  }

  // A key with one record is passed on as is, without the merge function (as Paimon's
  // ReducerMergeFunctionWrapper does): its kind and null fields are kept.
  private @Nullable KeyValue mergeNextKey() {
    Head first = heap.poll();
    advance(first.input);
    KeyValue result = first.kv;
    boolean merged = false;
    if (merge.mergesSingleRecords()) {
      merge.reset();
      merge.add(first.kv, first.input);
      merged = true;
    }
    while (!heap.isEmpty() && keyOrder.compare(heap.peek().kv.key(), first.kv.key()) == 0) {
      if (!merged) {
        merge.reset();
        merge.add(first.kv, first.input);
        merged = true;
      }
      Head same = heap.poll();
      merge.add(same.kv, same.input);
      advance(same.input);
    }
    if (merged) {
      result = merge.result();
    }
    if (result == null || (dropDeletes && !result.valueKind().isAdd())) {
      return null;
    }
    return result;
  }

  @Override
  public KeyValue next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    KeyValue kv = next;
    next = null;
    return kv;
  }

  @Override
  public void close() {
    RuntimeException failure = null;
    for (CloseableIterator<KeyValue> it : inputs) {
      try {
        it.close();
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

  /**
   * Opens one iterator per element of {@code sources}, closing those already open when one fails.
   */
  public static <S> List<CloseableIterator<KeyValue>> openAll(
      List<S> sources, java.util.function.Function<S, CloseableIterator<KeyValue>> open) {
    List<CloseableIterator<KeyValue>> opened = new ArrayList<>(sources.size());
    try {
      for (S s : sources) {
        opened.add(open.apply(s));
      }
      return opened;
    } catch (RuntimeException e) {
      for (CloseableIterator<KeyValue> it : opened) {
        try {
          it.close();
        } catch (RuntimeException suppressed) {
          e.addSuppressed(suppressed);
        }
      }
      throw e;
    }
  }
}
